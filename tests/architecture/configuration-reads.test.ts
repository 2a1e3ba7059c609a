import { describe, expect, it } from 'vitest';
import { CONFIG_ENTRIES, astroFrontmatter, configurationReads, envCalls, readCode } from '../../scripts/configuration-reads.ts';

const reason =
  '(only the entries read the configuration; take it as a parameter, from locals.config, or from a configure function: docs/decisions/0023)';

describe('the configuration is read at the entries only (docs/ARCHITECTURE.md "Configuration")', () => {
  it('holds in the source tree, Astro pages included', () => {
    const code = readCode(process.cwd());
    expect(code.filter(({ file }) => file.endsWith('.astro')).length).toBeGreaterThan(20);
    expect(configurationReads(code)).toEqual([]);
  });

  it('leaves one env() call per entry', () => {
    expect(envCalls(readCode(process.cwd()))).toEqual({
      'src/middleware.ts': 1,
      'src/server/boot.ts': 1,
      'src/server/cli/admin-create.ts': 1,
    });
  });

  it('catches a module below the entries reading the environment, in every form', () => {
    const violations = configurationReads([
      { file: 'src/server/clock.ts', text: "import { env } from './env.ts';\nexport const on = () => env().UNSAFE_TEST_CLOCK;" },
      { file: 'src/server/db/index.ts', text: "import { env, type Env } from '../env.ts';" },
      { file: 'src/server/media/resize.ts', text: "import * as config from '../env';\nconst later = () => import('../env.ts');" },
      {
        file: 'src/pages/index.astro',
        text: astroFrontmatter(
          "---\nimport { env } from '../server/env.ts';\nconst fallback = env().SPEAKERS_FALLBACK;\n---\n<p>{fallback}</p>",
        ),
      },
      { file: 'src/server/feed/feed-routes.ts', text: "export { parseEnv } from '../env.ts';" },
    ]);
    expect(violations).toEqual([
      `src/server/clock.ts imports ./env.ts ${reason}`,
      `src/server/db/index.ts imports ../env.ts ${reason}`,
      `src/server/media/resize.ts imports ../env ${reason}`,
      `src/server/media/resize.ts imports ../env.ts ${reason}`,
      `src/pages/index.astro imports ../server/env.ts ${reason}`,
      `src/server/feed/feed-routes.ts imports ../env.ts ${reason}`,
    ]);
  });

  it('allows the type of the configuration anywhere, and reads in the entries', () => {
    expect(Object.keys(CONFIG_ENTRIES)).toContain('src/server/boot.ts');
    const violations = configurationReads([
      { file: 'src/server/mail/worker.ts', text: "import type { Env } from '../env.ts';" },
      { file: 'src/server/db/index.ts', text: "import { type Env } from '../env.ts';\ntype Level = import('../env.ts').Env['LOG_LEVEL'];" },
      { file: 'src/server/uploads/note.ts', text: "// env() is read by the entry\nexport const note = 'process.env is not ours';" },
      { file: 'src/server/boot.ts', text: "import { env } from './env.ts';\nconst config = env();" },
      { file: 'src/server/cli/admin-create.ts', text: "import { env } from '../env.ts';\nconst password = process.env.ADMIN_PASSWORD;" },
      { file: 'src/middleware.ts', text: "import { env } from './server/env.ts';" },
    ]);
    expect(violations).toEqual([]);
  });
});
