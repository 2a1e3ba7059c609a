import { describe, expect, it } from 'vitest';
import { boundaryViolations, readSources } from '../../scripts/import-boundaries.ts';

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
});
