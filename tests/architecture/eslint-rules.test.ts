/**
 * The placement rules of eslint.config.js (no-restricted-syntax), which took over from hand-written
 * checks: dangerouslySetInnerHTML only in the files allowed, a cast to SafeHtml only in its
 * producer, process.env only in the entries (Astro frontmatter included). `npm run lint` runs
 * them on the tree; these tests show that each rule catches what it is for, and nothing else.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The snippets are not files of the TypeScript project: lint them without type information.
const eslint = new ESLint({ overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }] });

/** The no-restricted-syntax messages for each snippet, as "file: message start". */
async function placements(snippets: { file: string; text: string }[]): Promise<string[]> {
  const found: string[] = [];
  for (const { file, text } of snippets) {
    const [result] = await eslint.lintText(text, { filePath: file });
    for (const message of result!.messages) {
      if (message.ruleId === 'no-restricted-syntax') found.push(`${file}: ${message.message.split(/[:;(]/)[0]!.trim()}`);
      else if (message.fatal) throw new Error(`${file}: ${message.message}`);
    }
  }
  return found;
}

const HTML = 'dangerouslySetInnerHTML only in the files allowed in eslint.config.js';
const CAST = 'Only src/markup/safe-html.ts produces SafeHtml';
const ENV = 'Only the entries read the environment';

describe('the placement rules of eslint.config.js', () => {
  it('allows dangerouslySetInnerHTML only in the listed places, and SafeHtml casts only in its producer', async () => {
    expect(
      await placements([
        {
          file: 'src/components/SafeHtmlBlock.tsx',
          text: 'export const B = ({ html }: { html: string }) => <div dangerouslySetInnerHTML={{ __html: html }} />;',
        },
        {
          file: 'src/components/Bio.tsx',
          text: 'export const Bio = ({ html }: { html: string }) => <div className="x" dangerouslySetInnerHTML={{ __html: html }} />;',
        },
        {
          file: 'src/views/Raw.ts',
          text: "import { createElement as h } from 'react';\nexport const Raw = (html: string) => h('div', { dangerouslySetInnerHTML: { __html: html } });",
        },
        { file: 'src/server/mail/quoted.ts', text: "export const props = { 'dangerouslySetInnerHTML': { __html: '<b>' } };" },
        // Words in a comment or a string are not placements.
        {
          file: 'src/components/Note.tsx',
          text: "// never use dangerouslySetInnerHTML here\nexport const note = 'see dangerouslySetInnerHTML in the docs';",
        },
        {
          file: 'src/markup/safe-html.ts',
          text: "export type SafeHtml = string & { readonly __brand: 'SafeHtml' };\nexport const empty = '' as SafeHtml;",
        },
        {
          file: 'src/server/people/people-blocks.ts',
          text: "import type { SafeHtml } from '../../markup/safe-html.ts';\nexport const forged = '<img onerror=x>' as SafeHtml;",
        },
        {
          file: 'src/server/people/maybe.ts',
          text: "import type { SafeHtml } from '../../markup/safe-html.ts';\nexport const forged = ('<b>' as unknown as SafeHtml | null);",
        },
        {
          file: 'src/components/forged.ts',
          text: "import type { SafeHtml } from '../markup/safe-html.ts';\nexport const forged = <SafeHtml>(<unknown>'<b>');",
        },
        // Naming the type is fine: only a cast makes one.
        {
          file: 'src/components/Typed.tsx',
          text: "import type { SafeHtml } from '../markup/safe-html.ts';\nexport const show = (html: SafeHtml): string => html as string;",
        },
      ]),
    ).toEqual([
      `src/components/Bio.tsx: ${HTML}`,
      `src/views/Raw.ts: ${HTML}`,
      `src/server/mail/quoted.ts: ${HTML}`,
      `src/server/people/people-blocks.ts: ${CAST}`,
      `src/server/people/maybe.ts: ${CAST}`,
      `src/components/forged.ts: ${CAST}`,
    ]);
  });

  it('lets only the entries read process.env, Astro frontmatter included', async () => {
    expect(
      await placements([
        { file: 'src/server/log.ts', text: "export const level = process.env.LOG_LEVEL ?? 'info';" },
        { file: 'src/server/clock.ts', text: "const { env } = process;\nexport const on = () => process['env'].UNSAFE_TEST_CLOCK;" },
        {
          file: 'src/pages/index.astro',
          text: '---\nconst fallback = process.env.SPEAKERS_FALLBACK;\n---\n<p>{fallback}</p>\n',
        },
        { file: 'src/server/uploads/note.ts', text: "// process.env is read by the entry\nexport const note = 'process.env is not ours';" },
        { file: 'src/server/env.ts', text: 'export const raw = () => process.env;' },
        { file: 'src/server/boot.ts', text: 'export const level = process.env.LOG_LEVEL;' },
        { file: 'src/server/cli/admin-create.ts', text: 'export const password = process.env.ADMIN_PASSWORD;' },
        { file: 'src/middleware.ts', text: 'export const mode = process.env.NODE_ENV;' },
      ]),
    ).toEqual([`src/server/log.ts: ${ENV}`, `src/server/clock.ts: ${ENV}`, `src/server/clock.ts: ${ENV}`, `src/pages/index.astro: ${ENV}`]);
  });
});
