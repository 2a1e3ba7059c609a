import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, expect, it } from 'vitest';
import { auditLog, mailOutbox, registrants } from '../../../src/server/db/schema.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { importProgressAnswer, registrantImportScreen } from '../../../src/server/registrants/import-screen.ts';
import { RegistrantImportView } from '../../../src/views/admin/RegistrantImportView.tsx';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { startFresh } from '../api/support/api-server.ts';

const URL_OF_PAGE = 'http://localhost/admin/registrants/import?edition=july';

describeEachDatabase('Admin → Registrants → Import', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let admin: AdminUser;
  beforeEach(async () => {
    await startFresh(ctx.db);
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('host@example.com')!, 'a long enough password');
    admin = { id, email: 'host@example.com', phone: null };
  });

  const screen = async (form: FormData) => {
    const request = new Request(URL_OF_PAGE, { method: 'POST', body: form });
    const outcome = await registrantImportScreen(ctx.handle, { request, url: new URL(URL_OF_PAGE), admin });
    if (outcome.kind !== 'show') throw new Error(outcome.kind);
    return outcome;
  };
  const upload = (content: BlobPart) => {
    const form = new FormData();
    form.set('action', 'dry-run');
    form.set('file', new File([content], 'registrants.csv', { type: 'text/csv' }));
    return form;
  };

  it('stages the dry run, imports it with the e-mails only when ticked, and names the admin in the audit log', async () => {
    const dry = await screen(upload('email,name\numa@example.com,Uma\n'));
    expect(dry.state.report).toMatchObject({ dryRun: true, added: 1 });
    expect(dry.state.staged).toMatch(/^[\w-]{22}$/);
    expect(await ctx.db.select().from(registrants)).toEqual([]);
    const form = new FormData();
    form.set('action', 'import');
    form.set('staged', dry.state.staged!);
    form.set('send_email', 'yes');
    const done = await screen(form);
    expect(done.state.report).toMatchObject({ dryRun: false, added: 1 });
    expect(await ctx.db.select({ to: mailOutbox.to }).from(mailOutbox)).toEqual([{ to: 'uma@example.com' }]);
    const [line] = await ctx.db.select().from(auditLog);
    expect(line).toMatchObject({ actorLabel: 'host@example.com', entityType: 'registrants' });
    // The staged file is used up: importing it again asks for the file.
    const again = await screen(form);
    expect(again.status).toBe(422);
    expect(again.state.problems).toEqual(['The file of the dry run is no longer here: choose it again.']);
  });

  it('answers a missing, non-UTF-8 or column-less file with a message, not an error', async () => {
    const none = new FormData();
    none.set('action', 'dry-run');
    expect((await screen(none)).state.problems).toEqual(['Choose a CSV file to import.']);
    const latin1 = await screen(upload(new Uint8Array(Buffer.from('email,name\nzoe@example.com,Zo\xeb\n', 'latin1'))));
    expect(latin1.status).toBe(400);
    expect(latin1.state.problems[0]).toContain('UTF-8');
    const columns = await screen(upload('who,what\n1,2\n'));
    expect(columns.status).toBe(422);
    expect(columns.state.problems[0]).toContain('email and name are missing');
    const forged = new FormData();
    forged.set('action', 'import');
    forged.set('staged', '../../etc/passwd');
    expect((await screen(forged)).status).toBe(422);
  });

  it('imports a long file in the background and shows its progress, as a page and as JSON, then its report', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `long${i}@example.com,Long ${i}`);
    const dry = await screen(upload(['email,name', ...rows].join('\n')));
    const form = new FormData();
    form.set('action', 'import');
    form.set('staged', dry.state.staged!);
    const started = await screen(form);
    expect(started.state.report).toBeNull();
    expect(started.state.job).toMatchObject({ status: 'running', rowsTotal: 3000 });
    const markup = renderToStaticMarkup(createElement(RegistrantImportView, { ...started.state }));
    expect(markup).toContain(`href="/admin/registrants/import?edition=july&amp;job=${started.state.job!.id}">Refresh</a>`);
    expect(markup).toMatch(/Importing in the background: [\d,]+ of 3,000 rows done, 0 refused\./);

    const jobPage = `${URL_OF_PAGE}&job=${started.state.job!.id}`;
    const look = async () => {
      const outcome = await registrantImportScreen(ctx.handle, { request: new Request(jobPage), url: new URL(jobPage), admin });
      if (outcome.kind !== 'show') throw new Error(outcome.kind);
      return outcome.state;
    };
    // What the page's island asks for every two seconds.
    const polled = importProgressAnswer(new URL(`${jobPage}&progress=json`), await look());
    expect(polled!.headers.get('cache-control')).toBe('no-store');
    expect(await polled!.json()).toMatchObject({ rowsTotal: 3000, refused: 0 });
    expect(importProgressAnswer(new URL(jobPage), await look())).toBeNull();
    let shown = await look();
    for (let tries = 0; shown.job?.status === 'running' && tries < 300; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      shown = await look();
    }
    expect(shown.job).toMatchObject({ status: 'done', rowsDone: 3000 });
    expect(shown.report).toMatchObject({ dryRun: false, added: 3000 });
    const done = renderToStaticMarkup(createElement(RegistrantImportView, { ...shown }));
    expect(done).not.toContain('Importing in the background');
    expect(done).toContain('Imported 3,000 rows');
    // Another edition's page does not show this import.
    const august = `http://localhost/admin/registrants/import?edition=august&job=${started.state.job!.id}`;
    const other = await registrantImportScreen(ctx.handle, { request: new Request(august), url: new URL(august), admin });
    expect(other.kind === 'show' && other.state.job).toBeNull();
  }, 60_000);
});
