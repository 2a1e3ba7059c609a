/**
 * The layer rules of docs/ARCHITECTURE.md ("What may import what"), checked by dependency-cruiser
 * on every TypeScript file (`npm run lint:layers`, part of `npm test`). Each rule names the
 * section it keeps; each exception names its file and its reason. Astro files (.astro) are the
 * routes at the top, which may import every layer, and dependency-cruiser does not read them;
 * what they must not do (read process.env, import env() itself) ESLint checks in their frontmatter.
 */
const PRESENTATION = '^src/(views|components|islands)/';
const ENTRIES = '^src/(server/(boot|entry|main|process-config)\\.ts|server/cli/|middleware\\.ts)';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the configuration is CommonJS
const { oneWayFolderRules } = require('./tools/server-folder-pairs.cjs');

/**
 * Pairs of src/server concept folders that still import each other, each with its reason
 * (docs/ARCHITECTURE.md, "src/server, one folder per concept"). Any other pair fails
 * `server-folders-one-way`. They predate the rule; the folders that queue outgoing jobs (mail,
 * webhooks, list-sync, payments, access) import the outbound queue and never each other both ways.
 */
const KEPT_FOLDER_PAIRS = {
  'editions <-> episodes': "an edition's transfer and archive carry its episodes and audio; the episodes screens read the edition.",
  'editions <-> people': "an edition's form and transfer carry its speakers; the content API and the speakers CSV read the edition.",
};

/** Node modules that only compute: no files, network, processes or clock of their own. */
const PURE_NODE = '^(node:)?(assert|buffer|crypto|events|path|querystring|string_decoder|url|util)$';

module.exports = {
  forbidden: [
    {
      name: 'presentation-without-server',
      comment: 'Views, components and islands take data as props; they never import server code (it would run in the browser).',
      severity: 'error',
      from: { path: PRESENTATION },
      to: { path: '^src/server/' },
    },
    {
      name: 'domain-is-pure',
      comment: 'src/domain holds rules and types with no I/O: it imports no other layer of the site.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: ['^src/(server|views|components|islands|pages|layouts|emails|content|scripts|embed)/', '^src/middleware\\.ts$'] },
    },
    {
      name: 'domain-without-node-io',
      comment: "The domain may use Node's computing modules (crypto, path, ...) but none that does I/O (fs, net, child_process, ...).",
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { dependencyTypes: ['core'], pathNot: PURE_NODE },
    },
    {
      name: 'markup-only-as-a-type',
      comment:
        'Outside the server, views, components, islands and the domain take only the SafeHtml type from src/markup: markdown is rendered on the server, never where it is placed.',
      severity: 'error',
      from: { path: [PRESENTATION, '^src/domain/'] },
      to: { path: '^src/markup/', pathNot: '^src/markup/safe-html\\.ts$' },
    },
    {
      name: 'markup-safe-html-type-only',
      comment: 'The one import from src/markup allowed outside the server is `import type { SafeHtml }`.',
      severity: 'error',
      from: { path: [PRESENTATION, '^src/domain/'] },
      to: { path: '^src/markup/safe-html\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'markup-below-server',
      comment:
        "src/markup is shared by the server and the pages: it imports the domain only. Exception: its memo is made by the server's one bounded-cache helper (caching/bounded-cache.ts), an in-memory LRU with no I/O, so that every cache of the process is sized and reported alike.",
      severity: 'error',
      from: { path: '^src/markup/' },
      to: { path: ['^src/(server|views|components|islands|pages|layouts)/'], pathNot: '^src/server/caching/bounded-cache\\.ts$' },
    },
    {
      name: 'server-returns-data',
      comment:
        'src/server returns data and the pages render it. Exceptions, each rendering where no page runs: page-loaders/cached-personal-pages.ts renders the countdown banner into cached pages answered before Astro (decision 0025); episodes/admin-episodes-page.ts renders the episodes screen again after the streamed upload route, which runs before Astro (decision 0020). E-mails are rendered by mail/ from src/emails, their own views.',
      severity: 'error',
      from: {
        path: '^src/server/',
        pathNot: ['^src/server/page-loaders/cached-personal-pages\\.ts$', '^src/server/episodes/admin-episodes-page\\.ts$'],
      },
      to: { path: ['^src/(views|components|islands|pages|layouts)/'] },
    },
    {
      name: 'emails-for-mail-only',
      comment: 'The e-mail views in src/emails are rendered by src/server/mail alone.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: '^src/server/mail/' },
      to: { path: '^src/emails/' },
    },
    {
      name: 'front-door-is-the-entry',
      comment: 'The Node request pipeline (src/server/front-door) composes the routes; only the boot imports it, and it imports no page.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/server/front-door/', '^src/server/boot\\.ts$'] },
      to: { path: '^src/server/front-door/' },
    },
    {
      name: 'database-below-concepts',
      comment:
        "src/server/db is the connection, schema and migrations: it imports no concept folder (what runs when the database opens is handed in by process-config.ts). Exception: owner-only-files.ts, the file-mode helper (no concept), since PGlite sets its own files' modes and the client takes them back to owner-only (decision 0068).",
      severity: 'error',
      from: { path: '^src/server/db/' },
      to: { path: '^src/server/', pathNot: ['^src/server/db/', '^src/server/(env|log|clock|owner-only-files)\\.ts$'] },
    },
    {
      name: 'caching-below-concepts',
      comment:
        'src/server/caching holds the caches and their invalidation; the concepts use it, it uses none of them (only the request helpers, the database handle type and the log).',
      severity: 'error',
      from: { path: '^src/server/caching/' },
      to: {
        path: '^src/server/',
        pathNot: ['^src/server/caching/', '^src/server/http/', '^src/server/db/client\\.ts$', '^src/server/(log|clock)\\.ts$'],
      },
    },
    {
      name: 'http-helpers-below-concepts',
      comment: 'src/server/http (request and response helpers) is used by every route; it imports no concept folder.',
      severity: 'error',
      from: { path: '^src/server/http/' },
      to: { path: '^src/server/', pathNot: ['^src/server/http/', '^src/server/caching/', '^src/server/(env|log|clock)\\.ts$'] },
    },
    {
      name: 'configuration-from-the-entries',
      comment:
        'Only the entries read the configuration (docs/decisions/0023): everything else is handed its part, and may import only the Env type from server/env.ts.',
      severity: 'error',
      from: { path: '^src/', pathNot: [ENTRIES, '^src/server/env\\.ts$', '\\.d\\.ts$'] },
      to: { path: '^src/server/env\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'browser-code-without-server',
      comment: 'Browser scripts (src/scripts, src/embed) and islands run in the browser: no server code, no Node modules.',
      severity: 'error',
      from: { path: ['^src/(scripts|embed|islands)/'] },
      to: { path: ['^src/server/'] },
    },
    {
      name: 'sql-in-the-server',
      comment: 'SQL appears only under src/server: the database drivers and the query builder are imported nowhere else.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server/' },
      to: { path: 'node_modules/(drizzle-orm|drizzle-kit|pg|@electric-sql/pglite)/' },
    },
    {
      name: 'no-circular',
      comment: 'A circle of imports makes an order of loading that nobody chose; cut it with a module both sides can import.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'outbound-queue-below-producers',
      comment:
        'src/server/outbound is the one queue the folders that queue outgoing jobs import (decision 0072); it imports none of them. The kinds, which name their handlers, are listed beside the boot (src/server/outbound-kinds.ts).',
      severity: 'error',
      from: { path: '^src/server/outbound/' },
      to: { path: '^src/server/(access|registrants|payments|mail|webhooks|list-sync)/' },
    },
    // server-folders-one-way: one rule a direction for each pair not kept (tools/server-folder-pairs.cjs).
    ...oneWayFolderRules(__dirname, KEPT_FOLDER_PAIRS),
    {
      name: 'site-without-tests-or-tools',
      comment: 'The site never imports the tests, the bench or the Node tools.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(tests|bench|tools)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|dist-[^/]+|data|\\.astro)/' },
    // Type-only imports count: the SafeHtml rule tells them apart.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
