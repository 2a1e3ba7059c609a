/**
 * The registrant import (docs/decisions/0062): 100,000 new rows from a CSV file on the embedded
 * database kept in a folder (PGlite, as a site runs it), timed for its dry run, its import and the
 * same file imported again (which must change nothing), with the process's peak memory. The goal:
 * the import in under a minute. Prints JSON. Run by hand or from bench/run-all.ts on a quiet machine.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import { seedDemoContent } from '../src/server/demo-content/seed.ts';
import { configureUploads } from '../src/server/uploads/upload-storage.ts';
import { dropStaged, stageUpload } from '../src/server/registrants/import-upload.ts';
import { importRegistrants } from '../src/server/registrants/registrant-import.ts';
import { median, RUNS, tempDir } from './support.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** One row in this many brings a pass (0: none). */
const PASS_EVERY = Number(process.env.BENCH_IMPORT_PASS_EVERY ?? 50);

/** One row in ten agrees to marketing, one in PASS_EVERY brings a pass: a mix like a host's earlier summit. */
function csvFile(rows: number): string {
  const lines = ['email,name,edition,consent,pass,registered_at'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `bench.${i}@example.com,Bench ${i},july,${i % 10 === 0 ? 'yes' : 'no'},${PASS_EVERY && i % PASS_EVERY === 0 ? 'replay' : ''},2025-03-01`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { seconds: (performance.now() - started) / 1000, value };
}

async function once(csv: string) {
  const dataDir = tempDir('import');
  configureUploads(dataDir);
  const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') });
  const upload = await stageUpload(new Blob([csv]).stream());
  try {
    await handle.migrate();
    await seedDemoContent(handle.db);
    const run = (dryRun: boolean) =>
      timed(() =>
        importRegistrants({
          db: handle.db,
          file: upload.path,
          defaultEdition: 'july',
          onlyEditionId: null,
          dryRun,
          sendEmail: false,
          now: new Date(),
          actor: 'bench',
        }),
      );
    const dry = await run(true);
    const imported = await run(false);
    const again = await run(false);
    if (imported.value.added !== ROWS || again.value.unchanged !== ROWS) throw new Error('the import did not add every row once');
    return { dry: dry.seconds, imported: imported.seconds, again: again.seconds };
  } finally {
    await dropStaged(upload);
    await handle.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const csv = csvFile(ROWS);
const runs = [];
for (let i = 0; i < RUNS; i++) runs.push(await once(csv));
console.log(
  JSON.stringify({
    rows: ROWS,
    bytes: Buffer.byteLength(csv),
    runs: RUNS,
    dryRunSeconds: median(runs.map((run) => run.dry)),
    importSeconds: median(runs.map((run) => run.imported)),
    againSeconds: median(runs.map((run) => run.again)),
    goalSeconds: 60,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
