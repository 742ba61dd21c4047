/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The front door (scripts/server.mjs) and the route handlers share these modules' state
  // (the metrics registry), so both must load the same copy from node_modules.
  serverExternalPackages: ['prom-client', 'pino'],
};

export default nextConfig;
