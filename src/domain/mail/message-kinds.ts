/**
 * The two lists that sort an edition's e-mails, each defined once here: the database column,
 * the export document, the admin's form options and labels all take them from this file, and
 * every decision on them is a `switch` the compiler checks (decision 0049).
 */
import { z } from 'zod';

/**
 * Who gets a message: marketing goes only to registrants who agreed to it and did not
 * unsubscribe since (decision 0034); transactional goes to everyone it concerns.
 */
export const messageCategories = ['marketing', 'transactional'] as const;
export type MessageCategory = (typeof messageCategories)[number];
export const messageCategorySchema = z.enum(messageCategories, 'Choose whether it is a marketing or a transactional e-mail.');

/** Whether the message needs the registrant's marketing consent, and carries the one-click unsubscribe. */
export function needsMarketingConsent(category: MessageCategory): boolean {
  switch (category) {
    case 'marketing':
      return true;
    case 'transactional':
      return false;
  }
}

/** The word the admin's list puts beside a message of the category (marketing, the usual case, has none). */
export function categoryTag(category: MessageCategory): string | null {
  switch (category) {
    case 'marketing':
      return null;
    case 'transactional':
      return 'transactional';
  }
}

/** The form's words for each category. */
export function categoryLabel(category: MessageCategory): string {
  switch (category) {
    case 'marketing':
      return 'Marketing: only to registrants who agreed to reminders and offers, with an unsubscribe link';
    case 'transactional':
      return 'Transactional: to every registrant it concerns (their access, their pass)';
  }
}

/**
 * Where a message comes from: `default` is one of the code's default sequence, matched to it by
 * its key (it may be offered to editions that lack it); `custom` is one a host wrote, with a key
 * of its own, and may be deleted.
 */
export const messageKinds = ['default', 'custom'] as const;
export type MessageKind = (typeof messageKinds)[number];
export const messageKindSchema = z.enum(messageKinds);

/** The word the admin's list puts beside a message of the kind (a default, the usual case, has none). */
export function messageKindTag(kind: MessageKind): string | null {
  switch (kind) {
    case 'default':
      return null;
    case 'custom':
      return 'your own';
  }
}

/** Whether the host may delete the message: defaults are switched off instead, so that they are not offered again. */
export function isDeletable(kind: MessageKind): boolean {
  switch (kind) {
    case 'default':
      return false;
    case 'custom':
      return true;
  }
}

/** Whether the form offers the category: a default keeps the one it came with; the host chooses for their own. */
export function choosesCategory(kind: MessageKind): boolean {
  switch (kind) {
    case 'default':
      return false;
    case 'custom':
      return true;
  }
}
