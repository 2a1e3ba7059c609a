/**
 * A host's own e-mails and the defaults offered to an edition that lacks them (decision 0049),
 * through the admin screens' handlers, against the real database and a real SMTP server on
 * loopback: an added message is scheduled and sent by the outbox like the defaults, switched off
 * it stops, deleted (after the confirmation) its unsent copies never go; a bad form stores
 * nothing; a default the edition lacks is offered until it is added or dismissed.
 */
import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { dismissedDefaultMessages, editionMessages, editions, mailOutbox, registrants } from '../../../src/server/db/schema.ts';
import { ensureDefaultMessages } from '../../../src/server/editions/edition-messages.ts';
import { messageEditorPage, messagesPage, newMessagePage, type MessagesScreen } from '../../../src/server/mail/messages-admin.ts';
import { deliverDueMail } from '../../../src/server/mail/outbox.ts';
import { previewAnswer } from '../../../src/server/mail/preview-answer.ts';
import { scheduleDueMessages } from '../../../src/server/mail/scheduler.ts';
import { smtpTransport } from '../../../src/server/mail/transport.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { startSmtpSink, type SmtpSink } from '../../e2e/support/smtp-sink.ts';

const SITE = 'https://own.example.com';
const HOUR = 3600_000;
const T0 = new Date('2026-06-01T09:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

describeEachDatabase('a host’s own e-mails and offered defaults', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let sink: SmtpSink;
  let admin: AdminUser;
  let july: { id: number; slug: string };

  beforeAll(async () => {
    sink = await startSmtpSink();
    await ensureDefaultMessages(ctx.db);
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('own.mail@example.com')!, 'a long enough password');
    admin = { id, email: 'own.mail@example.com', phone: null };
    const [row] = await ctx.db.select({ id: editions.id, slug: editions.slug }).from(editions).where(eq(editions.slug, 'july'));
    july = row!;
  });
  afterAll(async () => {
    await sink?.close();
  });
  beforeEach(async () => {
    await ctx.db.delete(mailOutbox);
    await ctx.db.delete(registrants);
    await ctx.db.delete(editionMessages).where(eq(editionMessages.kind, 'custom'));
  });

  const url = (path: string) => `${SITE}/admin/editions/july/messages${path}`;
  const screen = (path: string, form?: Record<string, string>): MessagesScreen => ({
    handle: ctx.handle,
    admin,
    edition: july,
    request: form ? new Request(url(path), { method: 'POST', body: new URLSearchParams(form) }) : new Request(url(path)),
    now: T0,
    siteUrl: SITE,
  });
  const addMessage = (form: Record<string, string>) => newMessagePage(screen('/new', form));
  const customRows = () => ctx.db.select().from(editionMessages).where(eq(editionMessages.kind, 'custom'));

  /** One worker round at `now` through the real SMTP server; what that address received in it. */
  async function round(now: Date, to: string): Promise<ParsedMail[]> {
    const before = sink.to(to).length;
    const transport = smtpTransport(sink.url);
    await scheduleDueMessages(ctx.db, now);
    while ((await deliverDueMail({ db: ctx.db, transport, from: 'Own <hello@own.example.com>', options: { now, siteUrl: SITE } })).claimed);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return sink.to(to).slice(before);
  }
  const subjects = (mails: ParsedMail[]) => mails.map((mail) => mail.subject).sort();
  const register = (email: string, consent: boolean, now = T0) =>
    registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: 'Ivy', email, consent },
      moment: { now, timeZone: 'Europe/London' },
    });

  it('refuses a bad form with a message at each field and stores nothing', async () => {
    const outcome = await addMessage({
      subject: '',
      body: 'Hi {{frist_name}}',
      enabled: 'on',
      ruleKind: 'day',
      day: '7',
      offsetHours: '-3',
      category: 'marketing',
    });
    expect(outcome).toMatchObject({
      kind: 'show',
      status: 400,
      state: {
        errors: { subject: 'Please write a subject.', body: 'Unknown merge field: {{frist_name}}.', day: 'Please choose day 1, 2 or 3.' },
        values: { body: 'Hi {{frist_name}}', day: '7', offsetHours: '-3' },
        notice: { ok: false, text: 'Nothing was added. Please correct the fields marked below.' },
      },
    });
    expect(await customRows()).toEqual([]);
  });

  it('sends an added message by its rule through the outbox, once; switched off it stops', async () => {
    const outcome = await addMessage({
      subject: 'Two hours in, {{first_name}}',
      body: 'Hi {{first_name}}, how is [day 1]({{day_link}}) going?',
      enabled: 'on',
      ruleKind: 'after-registration',
      day: '1',
      offsetHours: '2',
      category: 'marketing',
    });
    const [own] = await customRows();
    expect(own).toMatchObject({
      name: 'Two hours in, {{first_name}}',
      enabled: true,
      category: 'marketing',
      rule: { kind: 'after-registration', minutes: 120 },
    });
    expect(own!.key).toMatch(/^custom-[0-9a-f]{12}$/);
    expect(outcome).toEqual({ kind: 'redirect', location: `/admin/editions/july/messages/${own!.id}?done=added` });

    await register('own@example.com', true);
    expect(subjects(await round(T0, 'own@example.com'))).not.toContain('Two hours in, Ivy');
    const [mail] = (await round(at(2), 'own@example.com')).filter((sent) => sent.subject === 'Two hours in, Ivy');
    expect(mail?.html).toMatch(/href="https:\/\/own\.example\.com\/access\/\d+-[\w-]{32}\?to=day-1"/);
    // A marketing e-mail: the one-click unsubscribe, as the defaults have.
    const header = mail?.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line;
    expect(header).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(await round(at(2.5), 'own@example.com')).toEqual([]);

    // Switched off in its editor: the next registrant does not get it.
    const saved = await messageEditorPage({
      ...screen(`/${own!.id}`, {
        action: 'save',
        subject: 'Two hours in, {{first_name}}',
        body: 'Hi {{first_name}}',
        ruleKind: 'after-registration',
        day: '1',
        offsetHours: '2',
        category: 'marketing',
      }),
      messageId: own!.id,
    });
    expect(saved).toEqual({ kind: 'redirect', location: `/admin/editions/july/messages/${own!.id}?done=saved` });
    await register('later@example.com', true);
    expect(subjects(await round(at(2), 'later@example.com'))).not.toContain('Two hours in, Ivy');
    expect(subjects(await round(at(4), 'later@example.com'))).toEqual([]);
  });

  it('sends an added transactional message on registering, with the confirmation, to someone without marketing consent', async () => {
    await addMessage({
      subject: 'Your workbook, {{first_name}}',
      body: 'Here it is: [the workbook]({{dashboard_link}})',
      enabled: 'on',
      ruleKind: 'registration',
      category: 'transactional',
    });
    await register('workbook@example.com', false);
    expect(subjects(await round(T0, 'workbook@example.com'))).toEqual([
      "You're registered: The Sacred Business Audio Summit, July 15-17 2025",
      'Your workbook, Ivy',
    ]);
  });

  it('deletes a host’s own message only after the confirmation, and its copies not sent yet never go', async () => {
    await addMessage({
      subject: 'Soon',
      body: 'Hi',
      enabled: 'on',
      ruleKind: 'after-registration',
      offsetHours: '1',
      category: 'marketing',
    });
    const [own] = await customRows();
    await register('deleted@example.com', true);
    await scheduleDueMessages(ctx.db, at(1));
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.editionMessageId, own!.id))).toHaveLength(1);

    const unconfirmed = await messageEditorPage({ ...screen(`/${own!.id}`, { action: 'delete' }), messageId: own!.id });
    expect(unconfirmed).toMatchObject({
      kind: 'show',
      status: 400,
      state: { deletionProblem: 'Tick the box to confirm that this e-mail is to be deleted.' },
    });
    expect(await customRows()).toHaveLength(1);

    const deleted = await messageEditorPage({ ...screen(`/${own!.id}`, { action: 'delete', confirmDelete: 'yes' }), messageId: own!.id });
    expect(deleted).toEqual({ kind: 'redirect', location: '/admin/editions/july/messages?done=deleted' });
    expect(await customRows()).toEqual([]);
    await round(at(1), 'deleted@example.com');
    expect(subjects(sink.to('deleted@example.com'))).not.toContain('Soon');

    // A default is switched off, never deleted.
    const [dayOne] = await ctx.db.select().from(editionMessages).where(eq(editionMessages.key, 'day-1-open'));
    const refused = await messageEditorPage({
      ...screen(`/${dayOne!.id}`, { action: 'delete', confirmDelete: 'yes' }),
      messageId: dayOne!.id,
    });
    expect(refused).toMatchObject({ kind: 'show', status: 400 });
    expect(await ctx.db.select().from(editionMessages).where(eq(editionMessages.id, dayOne!.id))).toHaveLength(1);
  });

  it('previews a new message as it is typed, at the moment it would go', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      subject: 'Hello {{first_name}}',
      body: 'It is **{{summit_name}}**',
      ruleKind: 'after-summit',
      offsetHours: '0',
      category: 'marketing',
    }))
      form.set(name, value);
    const response = await previewAnswer({
      db: ctx.db,
      editionId: july.id,
      stored: null,
      draft: form,
      chosen: null,
      admin,
      siteUrl: SITE,
      now: T0,
    });
    const html = await response.text();
    expect(html).toContain('<strong>Subject:</strong> Hello Sam');
    expect(html).toContain('<strong>The Sacred Business Audio Summit</strong>');
    // The end of an evergreen summit: three days after registering.
    expect(html).toMatch(/<strong>Sent:<\/strong>[^<]*\(in 3 days\)/);
  });

  it('offers a default the edition lacks until it is added or dismissed', async () => {
    // As if the code's sequence gained these two after the edition got its messages.
    for (const key of ['replay-offer', 'day-3-open'])
      await ctx.db.delete(editionMessages).where(and(eq(editionMessages.editionId, july.id), eq(editionMessages.key, key)));
    await ctx.db.delete(dismissedDefaultMessages);
    await ensureDefaultMessages(ctx.db); // a restart adds nothing to an edition that has messages
    const list = await messagesPage(screen(''));
    expect(list).toMatchObject({ kind: 'show', status: 200 });
    if (list.kind !== 'show') throw new Error('no list');
    expect(list.state.offers.map((offer) => [offer.key, offer.subject, offer.rule])).toEqual([
      ['day-3-open', 'Day 3 is open, {{first_name}}', 'When day 3 opens'],
      ['replay-offer', 'The summit is over; the {{offered_pass_name}} keeps it with you', 'When the summit ends'],
    ]);

    const added = await messagesPage(screen('', { action: 'add-default', key: 'replay-offer' }));
    expect(added).toMatchObject({
      status: 200,
      state: { notice: 'Added the e-mail “After the summit: the pass offer”. It is switched on: check its words and timing.' },
    });
    if (added.kind !== 'show') throw new Error('no list');
    expect(added.state.offers.map((offer) => offer.key)).toEqual(['day-3-open']);
    expect(added.state.rows.at(-1)).toMatchObject({
      name: 'After the summit: the pass offer',
      enabled: true,
      rule: 'When the summit ends',
    });

    const dismissed = await messagesPage(screen('', { action: 'dismiss-default', key: 'day-3-open' }));
    if (dismissed.kind !== 'show') throw new Error('no list');
    expect(dismissed.state.notice).toBe('Dismissed “Day 3 is open”: it will not be offered again.');
    expect(dismissed.state.offers).toEqual([]);
    expect(await ctx.db.select({ key: dismissedDefaultMessages.key }).from(dismissedDefaultMessages)).toEqual([{ key: 'day-3-open' }]);
    expect(
      (await ctx.db.select().from(editionMessages).where(eq(editionMessages.key, 'day-3-open'))).map((row) => row.editionId),
    ).not.toContain(july.id);

    // Neither can be added or dismissed again, nor can a key that is no default.
    for (const form of [
      { action: 'add-default', key: 'replay-offer' },
      { action: 'dismiss-default', key: 'day-3-open' },
      { action: 'add-default', key: 'no-such-message' },
    ]) {
      expect(await messagesPage(screen('', form))).toMatchObject({
        status: 400,
        state: { problem: 'That message is not on offer for this edition (already added or dismissed).' },
      });
    }
  });
});
