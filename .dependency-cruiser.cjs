// The layers of this app and the rule that keeps them: `npm run lint` runs it after ESLint, so
// CI fails on an import that crosses a layer the wrong way or closes a cycle.
//
//   registry ← lib ← components ← app      (an arrow points at what may be imported)
//
// registry/ is the plain-TypeScript SPI and imports none of the others; lib/ imports no
// components/ or app/; components/ imports no app/; neither lib/ nor components/ imports
// scripts/ (what both need lives in lib/, and scripts/ imports it); shipped code never imports
// the test helpers under test/, and those never import app/. Type-only imports count: a type
// that runs the wrong way is a module in the wrong place.

/** @type {import('dependency-cruiser').IConfiguration} */
const config = {
  forbidden: [
    {
      name: 'registry-stands-alone',
      comment: 'registry/ is the tool SPI: it imports nothing of lib/, components/, app/ or scripts/.',
      severity: 'error',
      from: { path: '^registry/' },
      to: { path: '^(lib|components|app|scripts)/' },
    },
    {
      name: 'lib-below-components-and-app',
      comment: 'lib/ is imported by components/ and app/, never the other way round.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(components|app)/' },
    },
    {
      name: 'components-below-app',
      comment: 'components/ is imported by app/ (the routes), never the other way round.',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '^app/' },
    },
    {
      name: 'no-scripts-in-the-app',
      comment: 'scripts/ (the front door, CLIs, bench) imports lib/; lib/ and components/ never import scripts/: shared constants live in lib/.',
      severity: 'error',
      from: { path: '^(lib|components)/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'test-helpers-stay-in-tests',
      comment: 'The helpers and child processes under test/ serve tests (*.test.ts); the app never ships them.',
      severity: 'error',
      from: { path: '^(lib|components|app|registry)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^test/' },
    },
    {
      name: 'test-helpers-below-app',
      comment: 'A test helper or test process reaches the code under test through lib/, not through app/ route files.',
      severity: 'error',
      from: { path: '^test/' },
      to: { path: '^app/' },
    },
    {
      name: 'no-cycles',
      comment: 'No module imports itself through others (type-only imports included): move what both sides need to a module both import.',
      severity: 'error',
      from: { path: '^(lib|components|app|registry)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // `import type` counts: a cycle or a crossing made of types is still one.
    tsPreCompilationDeps: true,
    // Resolves the `@/…` paths as TypeScript does.
    tsConfig: { fileName: 'tsconfig.json' },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};


module.exports = config;
