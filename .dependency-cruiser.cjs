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

// ---- TEMPORARY (issue 31): delete this whole block when the "one path" branch is merged. ----
// These imports cross the rules above today; that branch deletes the fast routes and moves the
// front door's constants to a module in lib/, which removes every one of them. Each is excused
// exactly: the file may keep this one import, and any other crossing from it still fails.
excuseExistingCrossings(config, [
  ['lib/api/config-schemas.ts', 'scripts/front-door/limits.mjs'],
  ['lib/http/read-json-body.ts', 'scripts/front-door/limits.mjs'],
  ['lib/metrics/may-read-metrics.ts', 'scripts/front-door/front-door.mjs'],
  ['lib/metrics/record-tool-call.ts', 'scripts/front-door/metrics.mjs'],
  ['lib/metrics/render-metrics.ts', 'scripts/front-door/metrics.mjs'],
  ['lib/assignments/put-assignment-route.ts', 'scripts/front-door/fast-routes.mjs'],
  ['lib/assignments/put-assignment-buffered.test.ts', 'scripts/front-door/fast-routes.mjs'],
  ['lib/runtime/invoke-buffered.ts', 'scripts/front-door/fast-routes.mjs'],
  ['lib/catalogue/catalogue-door.test.ts', 'app/api/v1/tools/route.ts'],
]);

/** Lets each `[from, to]` import pass the rule it crosses, and only that import from that file. */
function excuseExistingCrossings(configuration, crossings) {
  const exactly = (file) => `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  for (const [from, to] of crossings) {
    const crossed = configuration.forbidden.filter((rule) => !rule.to.circular && new RegExp(rule.from.path).test(from) && new RegExp(rule.to.path).test(to));
    for (const rule of crossed) {
      rule.from.pathNot = [rule.from.pathNot ?? [], exactly(from)].flat();
      configuration.forbidden.push({ ...rule, from: { path: exactly(from) }, to: { ...rule.to, pathNot: [rule.to.pathNot ?? [], exactly(to)].flat() } });
    }
  }
}
// ---- end TEMPORARY ----

module.exports = config;
