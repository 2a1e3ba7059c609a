/**
 * The admin's e-mail screens of an edition, GET and POST, each answering a page outcome (decision
 * 0012): the list with the offered defaults (Add, Dismiss), "Add a message", and one message's
 * editor (save, retry its failures, a test to me, delete a host's own).
 */
import {
  messageFormValues,
  NEW_MESSAGE,
  readMessageForm,
  validateMessageForm,
  type MessageFormErrors,
  type MessageFormValues,
} from '../../domain/mail/message-form.ts';
import { isRequiredMessage } from '../../domain/mail/default-sequence.ts';
import { summariseMessage, type MessageSummary } from '../../domain/mail/message-summary.ts';
import { describeRule } from '../../domain/mail/send-rules.ts';
import { messageEditorActions, messageListActions, UNKNOWN_ACTION, type MessageListAction } from '../../domain/admin-actions.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { PASS_LABELS } from '../../domain/passes.ts';
import { mergeFieldHelp, type MergeField } from '../../domain/mail/merge-fields.ts';
import { readEdition } from '../editions/read-edition.ts';
import { notFound, redirectTo, show, type PageOutcome } from '../http/page-outcome.ts';
import {
  createCustomMessage,
  deleteCustomMessage,
  findEditionMessage,
  listEditionMessages,
  updateEditionMessage,
} from '../editions/edition-messages.ts';
import { previewChoices } from './message-preview.ts';
import { addOfferedDefault, dismissOfferedDefault, offeredDefaults } from './offered-defaults.ts';
import { answerRevision, offeredRevisions } from './offered-revisions.ts';
import { listFailures, messageCounts, retryFailed, sendTestToAdmin } from './outbox-admin.ts';
import { deliverabilityByEdition, deliveryByMessage } from './deliverability-figures.ts';
import { deliverabilityOf, type Deliverability } from '../../domain/mail/deliverability.ts';
import { wakeOutbound } from '../outbound/wake.ts';

/** What every screen is given: the database, the signed-in admin, the edition, the request's clock and the site's origin. */
export interface MessagesScreen {
  handle: DbHandle;
  admin: AdminUser;
  edition: { id: number; slug: string };
  request: Request;
  now: Date;
  siteUrl: string;
}

type Notice = { ok: boolean; text: string };

async function postedForm(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData());
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

// The list

export interface MessagesPageState {
  rows: MessageSummary[];
  offers: { key: string; name: string; subject: string; rule: string }[];
  /** New words offered for default e-mails the edition has (decision 0057). */
  revisions: { id: string; name: string; why: string; subject: string; body: string }[];
  /** How the edition's mail is received (decision 0089), or null before any was sent or skipped. */
  deliverability: Deliverability | null;
  notice?: string | undefined;
  problem?: string | undefined;
}

const LIST_NOTICES: Record<string, string> = { deleted: 'Deleted the e-mail.' };

export async function messagesPage(screen: MessagesScreen): Promise<PageOutcome<MessagesPageState>> {
  const { handle, admin, edition, request } = screen;
  let answer: Notice | undefined;
  if (request.method === 'POST') {
    const form = await postedForm(request);
    const offer = { handle, actor: admin, editionId: edition.id, key: text(form, 'key') };
    const revision = { handle, actor: admin, editionId: edition.id, id: text(form, 'revision') };
    const onOffer = (action: MessageListAction): Promise<Notice> => {
      switch (action) {
        case 'add-default':
          return addOfferedDefault(offer);
        case 'dismiss-default':
          return dismissOfferedDefault(offer);
        case 'take-revision':
        case 'keep-words':
          return answerRevision(revision, action === 'take-revision');
      }
    };
    const action = messageListActions.safeParse(form.get('action'));
    answer = action.success ? await onOffer(action.data) : { ok: false, text: action.error.issues[0]?.message ?? UNKNOWN_ACTION };
  }
  const notice = answer?.ok ? answer.text : LIST_NOTICES[new URL(request.url).searchParams.get('done') ?? ''];
  return show(
    { ...(await listState(screen)), notice, problem: answer && !answer.ok ? answer.text : undefined },
    answer && !answer.ok ? 400 : 200,
  );
}

async function listState({
  handle,
  edition,
  now,
}: MessagesScreen): Promise<Pick<MessagesPageState, 'rows' | 'offers' | 'revisions' | 'deliverability'>> {
  const messages = await listEditionMessages(handle.db, edition.id);
  const [counts, offered, revisions, delivered] = await Promise.all([
    messageCounts({ db: handle.db, editionId: edition.id, messages, now }),
    offeredDefaults(handle.db, edition.id),
    offeredRevisions(handle.db, edition.id),
    deliverabilityByEdition(handle.db, edition.id),
  ]);
  return {
    deliverability: delivered[0]?.figures ?? null,
    rows: messages.map((message) => summariseMessage(message, counts.get(message.id))),
    offers: offered.map(({ key, name, subject, rule }) => ({ key, name, subject, rule: describeRule(rule) })),
    revisions: revisions.map(({ revision, name, subject, body }) => ({ id: revision.id, name, why: revision.why, subject, body })),
  };
}

// Add a message

export interface NewMessagePageState {
  values: MessageFormValues;
  errors: MessageFormErrors;
  notice?: Notice | undefined;
  previewChoices: { id: number; label: string }[];
  fieldHelp: Record<MergeField, string>;
}

/** What each merge field gives, naming the edition's passes and its currency. */
async function fieldHelpOf(db: DbHandle['db'], editionId: number): Promise<Record<MergeField, string>> {
  const settings = (await readEdition(db, { id: editionId }, { fresh: true }))?.settings;
  const passNames = { replay: settings?.upgrade.replay.name ?? PASS_LABELS.replay, aap: settings?.upgrade.aap.name ?? PASS_LABELS.aap };
  return mergeFieldHelp({ passNames, currency: settings?.checkout.currency ?? 'eur' });
}

export async function newMessagePage({ handle, admin, edition, request }: MessagesScreen): Promise<PageOutcome<NewMessagePageState>> {
  const [choices, fieldHelp] = await Promise.all([previewChoices(handle.db, edition.id), fieldHelpOf(handle.db, edition.id)]);
  if (request.method !== 'POST') return show({ values: messageFormValues(NEW_MESSAGE), errors: {}, previewChoices: choices, fieldHelp });
  const values = readMessageForm(await postedForm(request));
  const result = validateMessageForm(values);
  if (!result.ok) {
    const notice = { ok: false, text: 'Nothing was added. Please correct the fields marked below.' };
    return show({ values, errors: result.errors, notice, previewChoices: choices, fieldHelp }, 400);
  }
  const id = await createCustomMessage({ handle, actor: admin, editionId: edition.id, edit: result.data });
  return redirectTo(`/admin/editions/${edition.slug}/messages/${id}?done=added`);
}

// One message's editor

export interface MessageEditorPageState {
  message: MessageSummary;
  values: MessageFormValues;
  errors: MessageFormErrors;
  notice?: Notice | undefined;
  deletionProblem?: string | undefined;
  failures: Awaited<ReturnType<typeof listFailures>>;
  previewChoices: { id: number; label: string }[];
  fieldHelp: Record<MergeField, string>;
  /** How this message's copies were received (decision 0089), or null before any went out. */
  deliverability: Deliverability | null;
}

const EDITOR_NOTICES: Record<string, string> = {
  added: 'Added the e-mail. It goes out by its send rule while it is switched on.',
  saved: 'Saved the e-mail.',
};

export async function messageEditorPage(screen: MessagesScreen & { messageId: number }): Promise<PageOutcome<MessageEditorPageState>> {
  const { handle, admin, edition, request, now, siteUrl } = screen;
  const { db } = handle;
  const message = Number.isSafeInteger(screen.messageId) ? await findEditionMessage(db, edition.id, screen.messageId) : null;
  if (!message) return notFound;
  let values = messageFormValues(message);
  let errors: MessageFormErrors = {};
  let notice: Notice | undefined;
  let deletionProblem: string | undefined;
  let status = 200;
  const done = EDITOR_NOTICES[new URL(request.url).searchParams.get('done') ?? ''];
  if (done) notice = { ok: true, text: done };
  if (request.method === 'POST') {
    const form = await postedForm(request);
    const action = messageEditorActions.safeParse(form.get('action'));
    if (!action.success) {
      notice = { ok: false, text: action.error.issues[0]?.message ?? UNKNOWN_ACTION };
      status = 400;
    } else if (action.data === 'retry-failed') {
      const retried = await retryFailed(db, message.id, now);
      wakeOutbound();
      notice = { ok: true, text: `${retried} failed ${retried === 1 ? 'copy goes' : 'copies go'} out again now.` };
    } else if (action.data === 'send-test') {
      notice = await sendTestToAdmin({ db, admin, message, siteUrl, now });
      wakeOutbound();
    } else if (action.data === 'delete') {
      if (!summariseMessage(message).deletable) {
        notice = { ok: false, text: 'A default e-mail cannot be deleted; switch it off instead.' };
        status = 400;
      } else if (text(form, 'confirmDelete') !== 'yes') {
        deletionProblem = 'Tick the box to confirm that this e-mail is to be deleted.';
        notice = { ok: false, text: 'Nothing was deleted.' };
        status = 400;
      } else {
        await deleteCustomMessage({ handle, actor: admin, message });
        return redirectTo(`/admin/editions/${edition.slug}/messages?done=deleted`);
      }
    } else {
      values = readMessageForm(form);
      const required = isRequiredMessage(message);
      const result = validateMessageForm(values, {
        required: required ? message.rule : null,
        category: summariseMessage(message).choosesCategory ? null : message.category,
      });
      if (result.ok) {
        await updateEditionMessage({ handle, actor: admin, message, edit: result.data });
        return redirectTo(`/admin/editions/${edition.slug}/messages/${message.id}?done=saved`);
      }
      errors = result.errors;
      status = 400;
      notice = { ok: false, text: 'Nothing was saved. Please correct the fields marked below.' };
    }
  }
  const stored = (await findEditionMessage(db, edition.id, message.id)) ?? message;
  const [counts, failures, choices, fieldHelp, delivered] = await Promise.all([
    messageCounts({ db, editionId: edition.id, messages: [stored], now }),
    listFailures(db, stored.id),
    previewChoices(db, edition.id),
    fieldHelpOf(db, edition.id),
    deliveryByMessage(db, [stored.id]),
  ]);
  const tally = delivered.get(stored.id);
  return show(
    {
      message: summariseMessage(stored, counts.get(stored.id)),
      values,
      errors,
      notice,
      deletionProblem,
      failures,
      previewChoices: choices,
      fieldHelp,
      deliverability:
        tally && tally.counts.accepted + tally.refusedAtSmtp + tally.counts.suppressed > 0
          ? deliverabilityOf(tally.counts, tally.refusedAtSmtp)
          : null,
    },
    status,
  );
}
