// Dependency rules, run by `npm test` (scripts/test.mjs) right after the type-checks, or alone with
// `npm run depcruise`. Notes: server/shared/CONTEXT.md.
// TypeScript 7 ships no compiler API dependency-cruiser can use, so it reads .ts/.tsx through babel
// (.dependency-cruiser.babel.cjs), which keeps `import type` so the rules see type dependencies too.
// @swc/core is installed only so dependency-cruiser counts .ts/.tsx as scannable; its swc parser
// is not used because it cannot read JSX.

// The send engine's phase folders in the order a send passes them (server/modules/messaging/CONTEXT.md,
// "Folders by phase"). A phase may import an earlier one, never a later one.
const MESSAGING_PHASES = ['compose', 'dispatch', 'delivery', 'outbox'];

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
      name: 'knex-only-in-repositories',
      comment:
        'Only *.repository.ts files (and migrations) touch knex: a service gets its rows from a repository and passes ' +
        'the UnitOfWork\'s Tx on. Babel keeps `import type` as an import here (.dependency-cruiser.babel.cjs), so even ' +
        'a type-only import of knex counts: a module names a transaction as `Tx` of server/platform/unit-of-work.ts. ' +
        'A query built on a Tx value needs no import; tests/unit/platform/house-rules.test.ts finds those.',
      severity: 'error',
      from: { path: '^server/modules/', pathNot: '\\.repository\\.ts$' },
      to: { path: '(^|/)node_modules/knex(-pglite)?/' },
    },
    {
      name: 'index-re-exports-no-repository',
      comment:
        'A repository is its module\'s own: other modules ask its services (house-rules.test.ts refuses a module ' +
        'importing a `...Repository` from another module\'s index.ts). The exceptions are re-exported for scripts/ ' +
        '(ledger-verify, bench/*), tests and row types: billing ledger (scripts/ledger-verify.ts, bench/ledger.ts), ' +
        'engage occasions (bench/occasions.ts), insight and rollup (bench/insight.ts), messaging sends (its `SendRow` ' +
        'type, which developer\'s SMPP server reads), outbox search and Excel requests (bench/outbox-search.ts), and the ' +
        'row types alone of contacts custom fields (`CustomFieldRow`) and inbox (`InboxRow`).',
      severity: 'error',
      from: { path: '^server/modules/[^/]+/index\\.ts$' },
      to: {
        path: '\\.repository\\.ts$',
        pathNot: [
          '^server/modules/billing/ledger\\.repository\\.ts$',
          '^server/modules/engage/occasions\\.repository\\.ts$',
          '^server/modules/insight/(insight|rollup)\\.repository\\.ts$',
          '^server/modules/messaging/sends\\.repository\\.ts$',
          '^server/modules/messaging/outbox/(outbox-search|excel-requests)\\.repository\\.ts$',
          '^server/modules/contacts/custom-fields\\.repository\\.ts$',
          '^server/modules/inbound/inbox\\.repository\\.ts$',
        ],
      },
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
    // One rule per phase that has later ones: compose imports none of dispatch/delivery/outbox, dispatch
    // none of delivery/outbox, delivery not outbox.
    ...MESSAGING_PHASES.slice(0, -1).map((phase, i) => ({
      name: `messaging-${phase}-never-imports-a-later-phase`,
      comment:
        'messaging\'s phases run compose → dispatch → delivery → outbox, and a phase folder never imports a later ' +
        'one: what an earlier phase needs of a later one is a contract at the messaging root, bound in ' +
        'messaging.module.ts (SEND_SETTLEMENT: dispatch and a cancel reach settlement through it), and what several ' +
        'phases share lives at the root (the dispatch signal, the progress publisher, receiver events, the send view, ' +
        'which sends a caller may see, stopping a send). Without this, the dispatcher grew into one class that ' +
        'imported every phase and was imported back. The other folders (periodic, resend, p2p, patterns, first-run) ' +
        'start sends through compose and are not phases.',
      severity: 'error',
      from: { path: `^server/modules/messaging/${phase}/` },
      to: { path: `^server/modules/messaging/(${MESSAGING_PHASES.slice(i + 1).join('|')})/` },
    })),
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
    // node_modules is not excluded, only not followed: a rule can then name a package (knex-only-in-repositories).
    exclude: { path: '(^|/)dist/' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
