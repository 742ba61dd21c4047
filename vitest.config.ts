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
    testTimeout: 15_000,
  },
});
