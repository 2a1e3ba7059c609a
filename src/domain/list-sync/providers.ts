/**
 * The e-mail list services a host can connect (docs/decisions/0059), listed once: what each calls
 * a list, a tag and a field, and whether it needs the account's own API address. The admin's
 * form, the input's checks and the delivery all read this list.
 */
import type { PassKind } from '../passes.ts';

export const listProviders = ['kit', 'mailchimp', 'activecampaign'] as const;
export type ListProvider = (typeof listProviders)[number];

/** What an endpoint row is: a webhook receiver or one of the e-mail list services. */
export type EndpointKind = 'webhook' | ListProvider;

export const isListProvider = (value: unknown): value is ListProvider => listProviders.some((provider) => provider === value);

/** When a rule applies: on registering (or opting in later), on buying a pass, on a counted listen to a day. */
export type ListTrigger = 'registered' | `pass:${PassKind}` | `listened:${number}`;

/** What to set at the provider when the trigger happens; an empty rule does nothing. */
export interface ListRule {
  on: ListTrigger;
  list: string;
  tag: string;
  field: string;
  value: string;
}

export interface ListSyncSettings {
  rules: ListRule[];
}

export interface ProviderDescription {
  label: string;
  /** The account's own API address is needed (ActiveCampaign's is per account). */
  needsAccountUrl: boolean;
  listLabel: string;
  tagLabel: string;
  fieldLabel: string;
  /** A rule that sets anything needs a list (Mailchimp keeps every contact in an audience). */
  listRequired: boolean;
  /** Lists, tags and fields are named by number (their IDs) rather than by name. */
  numericIds: { list: boolean; tag: boolean; field: boolean };
  /** What an erasure does there: the provider's API may only unsubscribe. */
  erasure: string;
}

export const PROVIDERS: Record<ListProvider, ProviderDescription> = {
  kit: {
    label: 'Kit (ConvertKit)',
    needsAccountUrl: false,
    listLabel: 'Form ID',
    tagLabel: 'Tag ID',
    fieldLabel: 'Custom field key',
    listRequired: false,
    numericIds: { list: true, tag: true, field: false },
    erasure: "unsubscribes them (Kit's API cannot delete a subscriber: delete them in Kit too)",
  },
  mailchimp: {
    label: 'Mailchimp',
    needsAccountUrl: false,
    listLabel: 'Audience ID',
    tagLabel: 'Tag name',
    fieldLabel: 'Merge field tag',
    listRequired: true,
    numericIds: { list: false, tag: false, field: false },
    erasure: 'deletes them permanently from each audience named here',
  },
  activecampaign: {
    label: 'ActiveCampaign',
    needsAccountUrl: true,
    listLabel: 'List ID',
    tagLabel: 'Tag ID',
    fieldLabel: 'Custom field ID',
    listRequired: false,
    numericIds: { list: true, tag: true, field: true },
    erasure: 'deletes the contact',
  },
};

/** Days a listen rule can name: the summit's days and the two bonus days a schedule may hold. */
export const LISTEN_DAYS = [1, 2, 3, 4, 5] as const;
