// Dependency rules, run by `npm test` (scripts/test.mjs) right after the type-checks, or alone with
// `npm run depcruise`. Notes: server/shared/CONTEXT.md.
// TypeScript 7 ships no compiler API dependency-cruiser can use, so it reads .ts/.tsx through babel
// (.dependency-cruiser.babel.cjs), which keeps `import type` so the rules see type dependencies too.
// @swc/core is installed only so dependency-cruiser counts .ts/.tsx as scannable; its swc parser
// is not used because it cannot read JSX.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-only-through-index',
      comment:
        'A module is a unit: code outside server/modules/X reaches X only through server/modules/X/index.ts, so ' +
        'what X exposes is what its index exports. Tests may reach internals on purpose.',
      severity: 'error',
      from: { path: '^(server|client|plugins|scripts|migrations)/', pathNot: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/[^/]+/', pathNot: '^server/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'module-only-through-index-between-modules',
      comment: 'Same rule between modules: server/modules/A may import server/modules/B only through B/index.ts.',
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/[^/]+/', pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'platform-never-imports-modules',
      comment: 'server/platform is the floor every module stands on; it knows no module.',
      severity: 'error',
      from: { path: '^server/platform/' },
      to: { path: '^server/modules/' },
    },
    {
      name: 'shared-never-imports-modules',
      comment: 'server/shared holds the contracts both sides import; it may not pull other server code into the client bundle.',
      severity: 'error',
      from: { path: '^server/shared/' },
      to: { path: '^server/', pathNot: '^server/shared/' },
    },
    {
      name: 'client-never-imports-server-internals',
      comment: 'The client shares only server/shared (pure rules and catalogues); anything else would pull server code into the bundle.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/', pathNot: '^server/shared/' },
    },
    {
      name: 'plugins-import-only-the-sdk',
      comment:
        'A gateway plugin is written against the SDK alone — gateway-sdk.ts and the HTTP templating engine http-template.ts ' +
        '(plugins/CONTEXT.md): it may not reach into the host, ' +
        'a module, the platform or another plugin. Its own files, npm packages and its contract fixture\'s test helpers are fine.',
      severity: 'error',
      from: { path: '^plugins/([^/]+)/', pathNot: '^plugins/[^/]+/contract\\.fixture\\.ts$' },
      to: { path: '^(server|client|scripts|migrations|plugins)/', pathNot: ['^server/gateways/(gateway-sdk|http-template)\\.ts$', '^plugins/$1/'] },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles, type-only imports included: a cycle of types is still a cycle of knowledge.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    babelConfig: { fileName: '.dependency-cruiser.babel.cjs' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
