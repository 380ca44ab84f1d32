// Module borders, checked by `npm run lint` (dependency-cruiser). See docs/decisions.md, "Module borders".

/**
 * The server's modules and the modules each may import. The map must stay acyclic (checked below), so no two modules
 * ever import each other; a new module gets a line here before it can import anything. What a module needs from one
 * not listed is passed in by app.ts (a function or an interface of the common layer).
 */
const SERVER_MODULES = {
  audit: [],
  messaging: [],
  system: ['audit'],
  admin: ['audit', 'system'],
  cms: ['audit', 'system'],
  members: ['audit', 'system'],
  auth: ['audit', 'members', 'messaging', 'system'],
  wallet: ['audit', 'members', 'system'],
  payments: ['audit', 'members', 'system', 'wallet'],
  games: ['audit', 'system'],
  seamless: ['audit', 'members', 'system', 'wallet'],
  'house-games': ['audit', 'games', 'seamless', 'system', 'wallet'],
  agents: ['audit', 'members', 'system'],
  lottery: ['wallet'],
  contracts: [],
};

function assertAcyclic(graph) {
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`module borders form a cycle: ${[...path, name].join(' -> ')}`);
    state.set(name, 'visiting');
    for (const next of graph[name] ?? []) visit(next, [...path, name]);
    state.set(name, 'done');
  };
  for (const name of Object.keys(graph)) visit(name, []);
}
assertAcyclic(SERVER_MODULES);

const MODULES = '^apps/server/src/modules/';
const names = Object.keys(SERVER_MODULES);

const moduleBorders = Object.entries(SERVER_MODULES).map(([name, allowed]) => ({
  name: `server-module-${name}`,
  comment: `modules/${name} may import only its own files and ${allowed.join(', ') || 'no other module'}`,
  severity: 'error',
  // Tests drive the system through other modules on purpose (a win played through the seamless client, say).
  from: { path: `${MODULES}${name}/`, pathNot: '\\.test\\.ts$' },
  to: { path: MODULES, pathNot: `${MODULES}(${[name, ...allowed].join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...moduleBorders,
    {
      name: 'server-module-declared',
      comment: 'every folder of modules/ is declared in SERVER_MODULES with the modules it may import',
      severity: 'error',
      from: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}(${names.join('|')})/` },
      to: {},
    },
    {
      name: 'server-repository-is-private',
      comment: "a module's repository (its SQL) is used by that module only",
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: `${MODULES}[^/]+/[a-z-]*repository\\.ts$`, pathNot: `${MODULES}$1/` },
    },
    {
      name: 'server-routes-run-no-sql',
      comment: 'route files call services: no query builder, database handle or repository',
      severity: 'error',
      from: { path: '^apps/server/src/.+(routes|-routes)\\.ts$' },
      to: { path: ['node_modules/kysely/', '^apps/server/src/db/', 'repository\\.ts$'] },
    },
    {
      name: 'server-common-layer',
      comment: 'the common layer and the infrastructure (http, db, jobs) do not import modules',
      severity: 'error',
      from: {
        path: '^apps/server/src/(common|http|db|jobs)/',
        pathNot: ['^apps/server/src/db/seed/', '\\.test\\.ts$'],
      },
      to: { path: MODULES },
    },
    {
      name: 'web-feature-borders',
      comment: 'a web feature imports its own folder, components/, lib/, api/ and i18n/, never another feature',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-features-do-not-import-app',
      comment: 'app/ composes the features; features do not reach back into it',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-layer',
      comment: 'shared code (components, lib, api, i18n) imports neither features nor app',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|api|i18n)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'demo-studio-is-a-vendor',
      comment:
        'the demo studio reaches the portal over HTTP only, as an outside vendor does: it imports @portal/shared, ' +
        'never the server or the web app (docs/decisions.md, "Demo studio")',
      severity: 'error',
      from: { path: '^apps/demo-studio/' },
      to: { path: '^apps/(server|web)/' },
    },
    {
      name: 'portal-does-not-run-the-studio',
      comment: 'the portal never depends on the demo studio; only tests drive the two together',
      severity: 'error',
      from: { path: '^apps/(server|web)/', pathNot: '\\.test\\.ts$' },
      to: { path: ['^apps/demo-studio/', '@portal/demo-studio'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
