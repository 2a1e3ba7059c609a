// @ts-check
/**
 * ESLint for the whole tree (`npm run lint`): @eslint/js and typescript-eslint recommended with
 * type information (the promise rules and exhaustive switches), the React hooks rules for .tsx,
 * eslint-plugin-astro for .astro (frontmatter and client scripts), the size rules of
 * docs/ARCHITECTURE.md for src/, and two placement rules that were hand-written checks before:
 * where dangerouslySetInnerHTML and `as SafeHtml` may appear, and which entries may read
 * process.env (docs/decisions/0023).
 */
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TYPED = ['**/*.{ts,tsx,mts}'];
const SRC = ['src/**/*.{ts,tsx,mts,js,mjs,astro}'];

/** A selector and its message, for no-restricted-syntax. */
const DANGEROUS_HTML = {
  selector:
    "JSXAttribute[name.name='dangerouslySetInnerHTML'], Property[key.name='dangerouslySetInnerHTML'], Property[key.value='dangerouslySetInnerHTML']",
  message: 'dangerouslySetInnerHTML only in the files allowed in eslint.config.js: place SafeHtml with src/components/SafeHtmlBlock.tsx.',
};
const SAFE_HTML_CAST = {
  // The cast's type names SafeHtml: `as SafeHtml`, `as unknown as SafeHtml | null`, `<SafeHtml>x`.
  selector:
    ":matches(TSAsExpression, TSTypeAssertion) > .typeAnnotation:matches(TSTypeReference[typeName.name='SafeHtml'], :has(TSTypeReference[typeName.name='SafeHtml']))",
  message: 'Only src/markup/safe-html.ts produces SafeHtml (a cast elsewhere would skip the sanitiser).',
};
const PROCESS_ENV = {
  // process.env, process['env'], const { env } = process
  selector:
    "MemberExpression[object.name='process']:matches([property.name='env'][computed=false], [property.value='env']), VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']",
  message:
    'Only the entries read the environment; take the configuration as a parameter, from locals.config, or from a configure function (docs/decisions/0023).',
};

/**
 * no-restricted-syntax for src/, without the selectors a file is allowed.
 * @param {...{ selector: string; message: string }} allowed
 * @returns {['error', ...{ selector: string; message: string }[]]}
 */
const restrictedSyntax = (...allowed) => [
  'error',
  ...[DANGEROUS_HTML, SAFE_HTML_CAST, PROCESS_ENV].filter((rule) => !allowed.includes(rule)),
];

/**
 * One config block per file allowed `allowed` (the rest of the placement rules still apply there), named with its reason.
 * @param {{ selector: string; message: string }} allowed
 * @param {Record<string, string>} reasons
 */
function allowances(allowed, reasons) {
  return Object.entries(reasons).map(([file, reason]) => ({
    name: `${file}: ${reason}`,
    files: [file],
    rules: { 'no-restricted-syntax': restrictedSyntax(allowed) },
  }));
}

export default defineConfig(
  globalIgnores([
    'dist/',
    'dist-*/',
    'data/',
    '.astro/',
    'node_modules/',
    'drizzle/',
    'public/',
    'test-results/',
    'playwright-report/',
    'bench/.last/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `const { secret: _secret, ...shown } = row` leaves a field out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  // The promise rules that need type information: a server must not drop a rejection.
  {
    files: TYPED,
    ignores: ['**/*.astro/*'], // an Astro component's client scripts are not files of the TypeScript project
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A switch over a union (field kinds, pass kinds, access modes, …) names every member: a new
      // member does not pass the lint until each switch handles it, and a `default:` cannot stand in.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: false }],
    },
  },
  // Browser code: the client scripts and the partner embed.
  { files: ['src/scripts/**', 'src/embed/**'], languageOptions: { globals: { ...globals.browser } } },

  { files: ['**/*.tsx'], extends: [reactHooks.configs.flat.recommended] },

  // Astro components: the frontmatter and client scripts (after the rest, so that its parser wins for .astro).
  astro.configs.recommended,

  // The size rules and the placement rules, for the code (src/content/ and the runtime texts beside the code are data).
  {
    files: SRC,
    ignores: ['src/content/**', 'src/server/site-content/fallback-speakers.ts', 'src/domain/setup-guide-phases.ts'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-params': ['error', 3],
      'no-restricted-syntax': restrictedSyntax(),
    },
  },
  // Pages stay thin: a route reads its request, calls src/server and places a view (docs/ARCHITECTURE.md).
  {
    name: 'src/pages: at most 40 lines a file, comments and blank lines included',
    files: ['src/pages/**/*.{ts,astro}'],
    rules: { 'max-lines': ['error', { max: 40, skipBlankLines: false, skipComments: false }] },
  },
  // The files allowed what the placement rules forbid elsewhere, each with its reason.
  ...allowances(DANGEROUS_HTML, {
    'src/components/SafeHtmlBlock.tsx': 'the one way pages place HTML: its prop is SafeHtml, rendered and sanitised on the server',
    'src/components/SubscribePanel.tsx': "the feed's QR code: the qrcode package's own <svg>, drawn on the server from the feed URL alone",
    'src/emails/summit-email.ts': "an e-mail's body: SafeHtml from renderMarkupForEmail, placed by react-email",
  }),
  ...allowances(SAFE_HTML_CAST, { 'src/markup/safe-html.ts': 'the one producer of SafeHtml: it sanitises, then casts' }),
  // The entries that read the environment (docs/decisions/0023).
  ...allowances(PROCESS_ENV, {
    'src/server/env.ts': 'parses the environment, once per process',
    'src/server/boot.ts': "the server's entry: configures the process and passes the configuration on",
    'src/server/main.ts': "sets NODE_ENV and the adapter's switch before the server bundle loads",
    'src/middleware.ts': "Astro's entry for every page and endpoint: sets locals.config",
    'src/server/cli/*.ts': 'command-line entries read the environment like boot.ts',
  }),

  // Astro pages are the routes at the top: dependency-cruiser (which reads no .astro) lets them
  // import every layer, but only the entries import more than the Env type (docs/decisions/0023).
  {
    files: ['src/**/*.astro'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/env.ts'], allowTypeImports: true, message: 'Pages take the configuration from Astro.locals.config.' },
          ],
        },
      ],
    },
  },

  // Tests and benchmarks: long scenarios are fine.
  {
    files: ['tests/**', 'bench/**'],
    rules: { 'max-lines': 'off', 'max-lines-per-function': 'off' },
  },
);
