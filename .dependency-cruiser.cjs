/**
 * The layering rules of docs/decisions/014-enforced-layers.md, checked by `npm run lint`
 * (`depcruise`). A rule names what may NOT be imported; test files are checked too, except where a
 * rule says otherwise.
 */
const API = '^apps/api/src/'
const WEB = '^apps/web/app/'
const TESTS = '(^|/)(test|tests)/|\\.test\\.tsx?$'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Import cycles make layers meaningless and initialisation order fragile.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-module-cycles',
      severity: 'error',
      comment:
        "Folders import each other one way only (the API's modules, the web's features): users, auth and accounts, for one, do not import each other both ways.",
      scope: 'folder',
      from: { path: '^apps/api/src/modules/' },
      to: { path: '^apps/api/src/modules/', circular: true },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment: 'packages/shared is used by both apps and depends on neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'api-infrastructure-imports-no-module',
      severity: 'error',
      comment:
        'lib/, plugins/ and db/ are infrastructure: a module may use them, never the other way round ' +
        '(a plugin that needs a module lives in that module, e.g. modules/auth/plugin.ts).',
      from: { path: `${API}(lib|plugins|db)/` },
      to: { path: `${API}(modules|seed)/` },
    },
    {
      name: 'api-migrations-are-frozen',
      severity: 'error',
      comment:
        'A migration runs as it was written, forever: it imports no app code (only kysely and ' +
        'db/dialect.ts), so changing a module never changes an old migration.',
      from: { path: `${API}db/migrations/` },
      to: { path: '^(apps|packages)/', pathNot: `${API}db/dialect\\.ts$` },
    },
    {
      name: 'api-sql-only-in-repositories',
      severity: 'error',
      comment:
        'SQL lives in repositories (docs/decisions/038-content-changed-event.md): only `*repository.ts` files and ' +
        'db/ import Kysely (the `kysely` package, for `sql` or its types, and db/prepared.ts), besides what fills ' +
        'the database: plugins/database.ts (opens it) and seed/ (demo content, the first administrator). ' +
        'Type-only imports count too: a file that names `Kysely` or `Transaction` is one that queries. A service ' +
        'holds the database or a transaction as `Executor` (db/database.ts) and passes it to repository functions; ' +
        'it may open a transaction (`db.transaction()`), not write a query.',
      from: {
        path: API,
        pathNot: ['repository\\.ts$', `${API}db/`, `${API}seed/`, `${API}plugins/database\\.ts$`],
      },
      to: { path: ['(^|/)node_modules/kysely/', '^kysely$', `${API}db/prepared\\.ts$`] },
    },
    {
      name: 'api-module-imports-no-app-wiring',
      severity: 'error',
      comment: 'Modules are registered by app.ts through modules/index.ts; they do not import either.',
      from: { path: `${API}modules/` },
      to: { path: `${API}(app|server|modules/index)\\.ts$` },
    },
    {
      name: 'web-base-imports-no-feature',
      severity: 'error',
      comment: 'components/ and lib/ are the base of the web app: features and routes build on them.',
      from: { path: `${WEB}(components|lib)/` },
      to: { path: `${WEB}(features|routes)/` },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      severity: 'error',
      comment:
        "A feature does not reach into another feature's internals; what two features share belongs in " +
        'components/, lib/ or packages/shared, and routes compose features.',
      from: { path: `${WEB}features/([^/]+)/`, pathNot: TESTS },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-feature-imports-no-route',
      severity: 'error',
      comment:
        'Routes compose features, not the other way round; nor do the enhancement script and the site content ' +
        'import a route.',
      from: { path: `${WEB}(features|components|lib|enhance|site-content)/`, pathNot: TESTS },
      to: { path: `${WEB}routes/` },
    },
    {
      name: 'web-enhance-script-has-no-react',
      severity: 'error',
      comment:
        'enhance/ is the small script of the pages React does not run (docs/decisions/008, 011): from its entry ' +
        '(main.ts) it reaches no React package and no .tsx file. What it shares with the app (the session, a few ' +
        "API calls, the carousel and navigation controllers, My account's lines) are plain .ts files of lib/, " +
        'components/ and features/.',
      from: { path: `${WEB}enhance/main\\.ts$` },
      to: {
        path: ['(^|/)node_modules/(react|react-dom|react-router|@react-router/[^/]+)/', `${WEB}.+\\.tsx$`],
        reachable: true,
      },
    },
    {
      name: 'web-app-imports-no-enhance',
      severity: 'error',
      comment:
        "Only the document (root.tsx, which renders the script's element) imports enhance/: the app does not " +
        'depend on the script. What both read, the hand-over between script and app, lives in lib/ ' +
        '(lib/hydration-handover.ts).',
      from: { path: `${WEB}(components|lib|features|routes|site-content)/` },
      to: { path: `${WEB}enhance/` },
    },
    {
      name: 'web-site-content-is-data',
      severity: 'error',
      comment:
        "site-content/ holds the public pages' words and images: data, built from packages/shared and lib/ only " +
        '(no package, component or feature), so every page, the sitemap and the tests can read it.',
      from: { path: `${WEB}site-content/`, pathNot: TESTS },
      to: { pathNot: [`${WEB}(site-content|lib)/`, '^packages/shared/'] },
    },
    {
      name: 'apps-meet-only-through-shared',
      severity: 'error',
      comment: 'The web app and the API meet only through packages/shared and HTTP.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'api-imports-no-web-source',
      severity: 'error',
      comment: 'The API serves the web build; it never imports the web source.',
      from: { path: '^apps/api/src/' },
      to: { path: '^apps/web/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages stay in the graph, unfollowed (doNotFollow), so that a rule can name one: api-sql-only-in-repositories
    // names kysely, whose files are in its dist/ folder. Other dist/ and build/ folders are build output.
    exclude: {
      path: '(^|/)(build|coverage|\\.react-router)/|^dist/|(?<!node_modules/[^/]{1,214})/dist/|^test/fixtures/',
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
