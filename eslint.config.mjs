import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const eslintConfig = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      // A plugin that fails to parse on purpose, for the diagnostics tests.
      'e2e/fixtures/plugins/syntax-error/**',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
    },
  },
  {
    // One way round: app/ and scripts/ build on lib/ and components/, never the reverse. What both
    // the front door (scripts/) and the app need lives in a leaf of lib/ (lib/http/door-constants.mjs).
    files: ['lib/**/*.{ts,tsx,mjs}', 'components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app', '@/app/*', '@/scripts', '@/scripts/*', '**/app/*', '**/scripts/*', '**/../app', '**/../scripts'],
              message: 'lib/ and components/ never import app/ or scripts/: move what both need into a leaf module of lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The registry is plain TypeScript: the SPI must not depend on the web app or a database.
    files: ['registry/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'next', 'next/*', 'server-only'],
              message: 'registry/ stays free of React and Next.js imports.',
            },
            {
              group: ['better-sqlite3', 'pg', 'kysely', 'kysely/*'],
              message: 'registry/ stays free of database drivers; the host provides services through ToolEnvironment.',
            },
            {
              group: ['@/app/*', '@/components/*', '@/lib/*', '**/app/*', '**/components/*', '**/lib/*'],
              message: 'registry/ imports nothing of app/, components/ or lib/.',
            },
          ],
        },
      ],
    },
  },
];

export default eslintConfig;
