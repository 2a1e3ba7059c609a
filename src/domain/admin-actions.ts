/**
 * What each admin screen's forms may ask for: one zod enum per screen, read by the screen's POST
 * (an action outside it is answered with a message, never an exception) and by its view, whose
 * buttons post `Enum.enum.name`, so a renamed or removed action fails the build on both sides.
 * The catalogue screens (tokens, webhooks, e-mail lists) keep theirs beside their own views.
 */
import { z } from 'zod';

/** The message an action outside a screen's enum is answered with. */
export const UNKNOWN_ACTION = 'That request was not understood; nothing was changed.';

/** /admin/editions/{slug}: the edition's data, the speakers CSV, deleting the edition. */
export const editionActions = z.enum(['save', 'import-speakers', 'delete'], UNKNOWN_ACTION);

/** /admin/editions: showing one on the home page, duplicating, importing a document or an uploaded archive. */
export const editionsActions = z.enum(['show-on-home', 'duplicate', 'import', 'import-archive', 'discard-archive'], UNKNOWN_ACTION);

/** The e-mail list of an edition: the offered defaults (add, dismiss) and revised words (take, keep the own). */
export const messageListActions = z.enum(['add-default', 'dismiss-default', 'take-revision', 'keep-words'], UNKNOWN_ACTION);
export type MessageListAction = z.infer<typeof messageListActions>;

/** One e-mail's editor: save the form, retry its failures, a test to me, delete a host's own. */
export const messageEditorActions = z.enum(['save', 'retry-failed', 'send-test', 'delete'], UNKNOWN_ACTION);

/**
 * The affiliates screen: the edition's rate, a new partner, the leaderboard widget; and on one
 * affiliate: edit, delete, a payout, an adjustment, and its share link's revoke and re-issue.
 */
export const affiliatesActions = z.enum(
  ['rate', 'partner', 'widget', 'edit', 'delete', 'payout', 'adjust', 'revoke', 'reissue'],
  UNKNOWN_ACTION,
);
export type AffiliatesAction = z.infer<typeof affiliatesActions>;

/**
 * The screens below parse their action together with its fields (a discriminated union in the
 * server, each member's literal taken from here), which refuses an unknown action the same way.
 */

/** The registrants list: a row's tier, deleting a registrant. */
export const registrantListActions = z.enum(['tier', 'delete'], UNKNOWN_ACTION);

/** One registrant's access: a window extended or reset, the link revoked or re-issued, a pass granted or a purchase removed. */
export const registrantAccessActions = z.enum(
  ['extend', 'reset', 'revoke', 'reissue', 'grant', 'remove', 'lift-suppression'],
  UNKNOWN_ACTION,
);
export type RegistrantAccessAction = z.infer<typeof registrantAccessActions>;

/** The share links: a link's code, its private page revoked or re-issued. */
export const shareLinkActions = z.enum(['code', 'revoke', 'reissue'], UNKNOWN_ACTION);

/** An edition's episodes: add one, save one, delete one. */
export const episodeActions = z.enum(['create', 'update', 'delete'], UNKNOWN_ACTION);

/** A list of speakers, hosts, sessions, bonus items, sponsors or questions: a row moved up or down, or deleted. */
export const resourceListActions = z.enum(['up', 'down', 'delete'], UNKNOWN_ACTION);

/** The registrant import: check the file first, or import it. */
export const registrantImportActions = z.enum(['dry-run', 'import'], UNKNOWN_ACTION);

/** Held payments: assign one to a registrant, or remove the test payments. */
export const heldPaymentActions = z.enum(['assign', 'remove-test-payments'], UNKNOWN_ACTION);
