/**
 * A restored site starts with everything outbound paused (docs/decisions/0075): the real `npm run
 * backup` and `npm run restore` commands, then the worker the server runs on the restored folder,
 * a real SMTP server and a webhook receiver on loopback. Nothing leaves while paused, every admin
 * screen says so with a "Resume sending" button, and once an admin resumes (audit-logged) all
 * that waited leaves. `--resume-outbound` restores with sending on.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin } from '../../../src/server/auth/accounts.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { auditLog, mailOutbox, webhookDeliveries, webhookEndpoints } from '../../../src/server/db/schema.ts';
import { seedDemoContent } from '../../../src/server/demo-content/seed.ts';
import { mailKind, transactionalMailKind } from '../../../src/server/mail/mail-kind.ts';
import { smtpTransport } from '../../../src/server/mail/transport.ts';
import { outboundPause } from '../../../src/server/outbound/pause.ts';
import { resumeSending } from '../../../src/server/outbound/resume-sending.ts';
import { startOutboundWorker } from '../../../src/server/outbound/worker.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { configureUploads } from '../../../src/server/uploads/upload-storage.ts';
import { webhookKind } from '../../../src/server/webhooks/deliver.ts';
import { newSecret } from '../../../src/server/webhooks/signing.ts';
import { AdminShell } from '../../../src/views/admin/AdminShell.tsx';
import { startSmtpSink, type SmtpSink } from '../../e2e/support/smtp-sink.ts';
import { useReceiver } from '../webhooks/receiver.ts';

const run = promisify(execFile);
const command = (name: 'backup' | 'restore', args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, [path.resolve(`src/server/cli/${name}.ts`), ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env } });

describe('a restored site starts with everything outbound paused', () => {
  const receiver = useReceiver();
  let root: string;
  let file: string;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-restore-paused-'));
    const site = path.join(root, 'site');
    configureUploads(site);
    const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(site, 'pglite') });
    await handle.migrate();
    await seedDemoContent(handle.db);
    await handle.db.insert(webhookEndpoints).values({ url: receiver.url('/hook'), secret: newSecret(), events: ['registration.created'] });
    // Three registrations whose confirmations and webhook deliveries were still waiting when the backup was taken.
    for (const email of ['ada@restore.example', 'ben@restore.example', 'cy@restore.example'])
      await registerAttendee({ db: handle.db, editionSlug: 'july', input: { firstName: 'Ada', email, consent: false } });
    await handle.close();
    file = path.join(root, 'site.zip');
    await command('backup', ['--out', file], { DATA_DIR: site });
  }, 120_000);
  afterAll(async () => {
    await sink?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('sends nothing until an admin resumes, says so on every admin screen, then sends everything', async () => {
    const target = path.join(root, 'restored');
    const restored = await command('restore', [file, '--data-dir', target]);
    expect(restored.stdout).toContain('Everything outbound is paused');

    const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(target, 'pglite') });
    const sending = { transport: smtpTransport(sink.url), from: 'Summit <hello@restore.example>', siteUrl: 'https://restore.example' };
    const worker = startOutboundWorker(
      handle.db,
      [transactionalMailKind(sending), mailKind({ ...sending, schedule: true }), webhookKind(true)],
      100,
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(sink.messageIds).toEqual([]);
      expect(receiver.state.received).toEqual([]);
      const pendingMail = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
      expect(pendingMail).toHaveLength(3);
      expect(pendingMail.every((row) => row.attempts === 0)).toBe(true);
      expect(await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'))).toHaveLength(3);

      const pause = await outboundPause(handle.db);
      expect(pause?.reason).toBe('This site was restored from a backup');
      const screen = renderToStaticMarkup(
        AdminShell({
          adminLabel: 'host@restore.example',
          editions: [],
          title: 'Registrants',
          heldPayments: 0,
          outboundPaused: { pause, back: '/admin/registrants' },
          children: null,
        }),
      );
      expect(screen).toContain('Sending is paused.');
      expect(screen).toContain(
        'action="/admin/outbound/resume" method="post"><input type="hidden" name="back" value="/admin/registrants"/><button type="submit"',
      );
      expect(screen).toContain('Resume sending</button>');

      const { id } = await upsertAdmin(handle.db, parseIdentifier('host@restore.example')!, 'a long enough password');
      expect(await resumeSending(handle.db, { id, email: 'host@restore.example', phone: null })).toBe(true);
      expect(await outboundPause(handle.db)).toBeNull();
      const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.entityType, 'outbound'));
      expect(audit).toMatchObject({ action: 'update', actorLabel: 'host@restore.example' });

      await sink.waitFor((messages) => messages.length === 3, 10_000);
      const deadline = Date.now() + 10_000;
      while (receiver.state.received.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(receiver.state.received.map((got) => got.body.data.email).sort()).toEqual([
        'ada@restore.example',
        'ben@restore.example',
        'cy@restore.example',
      ]);
      expect(sink.messages.map((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : '')).sort()).toEqual([
        'ada@restore.example',
        'ben@restore.example',
        'cy@restore.example',
      ]);
    } finally {
      await worker.stop();
      await handle.close();
    }
  }, 120_000);

  it('restores with sending on for the real recovery (--resume-outbound)', async () => {
    const target = path.join(root, 'recovered');
    const restored = await command('restore', [file, '--data-dir', target, '--resume-outbound']);
    expect(restored.stdout).toContain('Outbound sending is on');
    const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(target, 'pglite') });
    try {
      expect(await outboundPause(handle.db)).toBeNull();
    } finally {
      await handle.close();
    }
  }, 120_000);
});
