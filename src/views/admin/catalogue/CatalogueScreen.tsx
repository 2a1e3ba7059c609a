/**
 * The one shape of the admin's catalogue screens (API tokens, webhooks, e-mail lists): what the
 * last action did (or why it was refused), a word on what the screen is for, the form that adds
 * an item, then the items, each a card with its own one-button actions. A screen passes what is
 * its own; the order, the notices and the empty list's sentence are drawn here once.
 */
import type { ReactNode } from 'react';
import { SelectField } from '../../../components/form/Select.tsx';
import { messagesOf } from '../../../components/form/Field.tsx';
import { CARD, DANGER_BUTTON, SECONDARY_BUTTON } from '../../../components/form/styles.ts';
import type { AdminNavEdition } from '../../../domain/admin.ts';
import { editionOptions } from '../editions/edition-options.ts';
import { Notice, Refusal } from '../editions/notices.tsx';

interface CatalogueScreenProps<Item> {
  message?: string | undefined;
  problem?: string | undefined;
  intro: ReactNode;
  createForm: ReactNode;
  items: readonly Item[];
  /** Said instead of the list while it is empty. */
  empty: string;
  children: (item: Item) => ReactNode;
}

export function CatalogueScreen<Item extends { id: number }>({
  message,
  problem,
  intro,
  createForm,
  items,
  empty,
  children,
}: CatalogueScreenProps<Item>) {
  return (
    <div className="space-y-6">
      <Notice message={message} />
      <Refusal message={problem} />
      {intro}
      {createForm}
      {items.length === 0 ? <p>{empty}</p> : null}
      <ul className="space-y-4">{items.map((item) => children(item))}</ul>
    </div>
  );
}

interface CatalogueItemProps {
  id: number;
  /** The data attribute that marks the card with the item's id ("data-endpoint"). */
  marker: `data-${string}`;
  title: ReactNode;
  /** What the item is (status, edition, …), said on one line between dots; an empty part is left out. */
  summary: readonly (string | null | false)[];
  children?: ReactNode;
}

/** One item's card in a catalogue screen's list. */
export function CatalogueItem({ id, marker, title, summary, children }: CatalogueItemProps) {
  return (
    <li className={`${CARD} space-y-3`} {...{ [marker]: id }}>
      <p className="font-semibold break-all">{title}</p>
      <p className="text-sm text-muted">{summary.filter(Boolean).join(' · ')}</p>
      {children}
    </li>
  );
}

/** The edition an item is for, as its summary says it. */
export const forEdition = (slug: string | null): string => (slug ? `edition ${slug}` : 'every edition');

/** A one-button form that posts an action about one item (or one delivery). */
export function ActionButton({ id, action, label, danger }: { id: number; action: string; label: string; danger?: boolean }) {
  return (
    <form method="post" className="inline">
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={danger ? DANGER_BUTTON : SECONDARY_BUTTON}>
        {label}
      </button>
    </form>
  );
}

/** The edition an item is for, or every edition (the empty choice). */
export function EditionChoice({
  id,
  editions,
  value,
  error,
}: {
  /** The select's DOM id, unique on the page when the screen shows several forms. */
  id?: string;
  editions: readonly AdminNavEdition[];
  value: string;
  error: string | undefined;
}) {
  return (
    <SelectField
      {...(id ? { id } : {})}
      name="edition"
      label="Edition"
      adminField={false}
      defaultValue={value}
      emptyOption="Every edition"
      options={editionOptions(editions)}
      messages={messagesOf(error)}
    />
  );
}
