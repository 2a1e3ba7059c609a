import { describe, expect, it } from 'vitest';
import { HTML_PLACES, boundaryViolations, readSources } from '../../tools/import-boundaries.ts';

describe('import boundaries (docs/ARCHITECTURE.md "What may import what")', () => {
  it('holds in the source tree', () => {
    const sources = readSources(process.cwd());
    expect(sources.length).toBeGreaterThan(100);
    expect(boundaryViolations(sources)).toEqual([]);
  });

  it('catches views, components and islands importing server code, in every import form', () => {
    const violations = boundaryViolations([
      { file: 'src/views/admin/EditionView.tsx', text: "import { DAY_FIELDS } from '../../server/editions/edition-admin.ts';" },
      { file: 'src/components/SpeakerCard.tsx', text: "import type { Row } from '../server/managed-content/managed-rows.ts';" },
      {
        file: 'src/islands/BrandConfigurator.tsx',
        text: "export { x } from '../server/log.ts';\nconst later = () => import('../server/env.ts');",
      },
      { file: 'src/views/Fine.tsx', text: "import { plural } from '../domain/wording.ts';\nimport React from 'react';" },
    ]);
    expect(violations).toEqual([
      'src/views/admin/EditionView.tsx imports ../../server/editions/edition-admin.ts (server code)',
      'src/components/SpeakerCard.tsx imports ../server/managed-content/managed-rows.ts (server code)',
      'src/islands/BrandConfigurator.tsx imports ../server/log.ts (server code)',
      'src/islands/BrandConfigurator.tsx imports ../server/env.ts (server code)',
    ]);
  });

  it('catches the domain importing server code or Node I/O, and allows pure Node modules', () => {
    const violations = boundaryViolations([
      { file: 'src/domain/edition.ts', text: "import { findEdition } from '../server/editions/edition-queries.ts';" },
      {
        file: 'src/domain/images.ts',
        text: "import fs from 'node:fs';\nimport { readFile } from 'fs/promises';\nimport net from 'node:net';",
      },
      { file: 'src/domain/url-policy.ts', text: "import { URL } from 'node:url';\nimport path from 'node:path';" },
      // The server itself may import anything.
      { file: 'src/server/log.ts', text: "import fs from 'node:fs';" },
    ]);
    expect(violations).toEqual([
      'src/domain/edition.ts imports ../server/editions/edition-queries.ts (server code)',
      'src/domain/images.ts imports node:fs (Node I/O in the pure domain)',
      'src/domain/images.ts imports fs/promises (Node I/O in the pure domain)',
      'src/domain/images.ts imports node:net (Node I/O in the pure domain)',
    ]);
  });

  it('lets views, components, islands and the domain take only the SafeHtml type from src/markup', () => {
    const only = 'only `import type { SafeHtml }` may come from src/markup: markdown is rendered on the server';
    const violations = boundaryViolations([
      // Allowed: the type alone, type-only, in presentation and in the domain's page shapes.
      { file: 'src/components/SafeHtmlBlock.tsx', text: "import type { SafeHtml } from '../markup/safe-html.ts';" },
      { file: 'src/domain/day-page.ts', text: "import type { SafeHtml } from '../markup/safe-html.ts';" },
      // Refused: rendering markdown where it is placed, in every import form.
      { file: 'src/components/SpeakerCard.tsx', text: "import { renderMarkup } from '../markup/safe-html.ts';" },
      { file: 'src/views/DayPage.tsx', text: "import { renderMarkup, type SafeHtml } from '../markup/safe-html.ts';" },
      // `{ type X }` without `import type` still loads the module (verbatimModuleSyntax).
      { file: 'src/islands/SetupGuide.tsx', text: "import { type SafeHtml } from '../markup/safe-html.ts';" },
      {
        file: 'src/components/host/HostCard.tsx',
        text: "import type { ShownPerson } from '../../markup/shown-content.ts';\nexport { renderMarkup } from '../../markup/safe-html.ts';",
      },
      {
        file: 'src/domain/people.ts',
        text: "const later = () => import('../markup/safe-html.ts');\ntype T = import('../markup/partner-content.ts').Anything;",
      },
      // The server renders markdown: no rule there.
      { file: 'src/server/people/people-blocks.ts', text: "import { showPerson } from '../../markup/shown-content.ts';" },
    ]);
    expect(violations).toEqual([
      `src/components/SpeakerCard.tsx imports ../markup/safe-html.ts (${only})`,
      `src/views/DayPage.tsx imports ../markup/safe-html.ts (${only})`,
      `src/islands/SetupGuide.tsx imports ../markup/safe-html.ts (${only})`,
      `src/components/host/HostCard.tsx imports ../../markup/shown-content.ts (${only})`,
      `src/components/host/HostCard.tsx imports ../../markup/safe-html.ts (${only})`,
      `src/domain/people.ts imports ../markup/safe-html.ts (${only})`,
      `src/domain/people.ts imports ../markup/partner-content.ts (${only})`,
    ]);
  });

  it('allows dangerouslySetInnerHTML only in the listed places, each with a reason, and SafeHtml casts only in its producer', () => {
    expect(Object.keys(HTML_PLACES)).toContain('src/components/SafeHtmlBlock.tsx');
    for (const reason of Object.values(HTML_PLACES)) expect(reason.length).toBeGreaterThan(20);
    const violations = boundaryViolations([
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
        file: 'src/components/forged.ts',
        text: "import type { SafeHtml } from '../markup/safe-html.ts';\nexport const forged = <SafeHtml>(<unknown>'<b>');",
      },
    ]);
    const place =
      'uses dangerouslySetInnerHTML (place SafeHtml with src/components/SafeHtmlBlock.tsx, or list the file in HTML_PLACES with its reason)';
    expect(violations).toEqual([
      `src/components/Bio.tsx ${place}`,
      `src/views/Raw.ts ${place}`,
      `src/server/mail/quoted.ts ${place}`,
      'src/server/people/people-blocks.ts casts to SafeHtml (only src/markup/safe-html.ts produces it)',
      'src/components/forged.ts casts to SafeHtml (only src/markup/safe-html.ts produces it)',
    ]);
  });
});
