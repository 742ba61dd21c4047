import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    alias: { 'server-only': fileURLToPath(new URL('./test/server-only-stub.ts', import.meta.url)) },
  },
  test: {
    include: ['registry/**/*.test.ts', 'scripts/**/*.test.ts', 'lib/**/*.test.ts', 'app/**/*.test.ts', 'components/**/*.test.ts', 'components/**/*.test.tsx'],
    environment: 'node',
    // The local test MCP servers listen on 127.0.0.1, which the egress policy refuses unless the
    // operator allows it; the tests that prove blocking give their own list.
    env: { MCP_ALLOWED_HOSTS: '127.0.0.1' },
    testTimeout: 15_000,
  },
});
