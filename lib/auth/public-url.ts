import 'server-only';

/** The address users reach the app at: PUBLIC_URL, else http://localhost:$PORT (3000). */
export function publicUrl(env: Readonly<Record<string, string | undefined>> = process.env): URL {
  const configured = env.PUBLIC_URL?.trim();
  if (configured) return new URL(configured);
  return new URL(`http://localhost:${env.PORT?.trim() || '3000'}`);
}
