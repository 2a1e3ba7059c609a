/**
 * The registrants a rehearsal follows through an edition's timeline (decision 0077): one of each
 * kind the host must see before launch, and any the host adds ("free:America/New_York" reads the
 * summit in New York). Pure: a kind and the summit's moments give each one's story, the things
 * they do and when; the rehearsal then asks the product's own rules what each moment shows them.
 */
import { passKinds, type PassKind } from '../passes.ts';
import { isKnownTimeZone } from '../mail/send-rules.ts';
import type { SummitMoments } from './moments.ts';

export const castKinds = [
  'free',
  ...passKinds.map((pass) => `pass-${pass}` as const),
  'upgrades',
  'registers-day-2',
  'registers-after',
  'no-consent',
  'unsubscribes-day-1',
  'erased',
  'affiliate',
  'refunded',
] as const;
export type CastKind = (typeof castKinds)[number];

const isCastKind = (value: string): value is CastKind => (castKinds as readonly string[]).includes(value);

/** What each kind is, as the report names them. */
export const CAST_LABELS: Record<CastKind, string> = {
  free: 'Free registrant',
  'pass-replay': 'Buys the lower pass on registering',
  'pass-aap': 'Buys the top pass on registering',
  upgrades: 'Buys the lower pass, then upgrades on day 2',
  'registers-day-2': 'Registers on day 2',
  'registers-after': 'Registers after the summit',
  'no-consent': 'Registers without marketing consent',
  'unsubscribes-day-1': 'Unsubscribes on day 1',
  erased: 'Asks to be erased on day 2',
  affiliate: 'Brought by an affiliate’s share link',
  refunded: 'Buys the top pass, refunded on day 2',
};

/** Something a registrant does at a moment of the summit. */
export type StoryStep =
  | { at: number; what: 'registers' }
  | { at: number; what: 'buys'; pass: PassKind }
  | { at: number; what: 'refunded'; pass: PassKind }
  | { at: number; what: 'unsubscribes' }
  | { at: number; what: 'erased' };

export interface CastMember {
  /** "free", "free-2": unique in one rehearsal. */
  key: string;
  kind: CastKind;
  label: string;
  firstName: string;
  email: string;
  /** The reader's own zone (their mail preference); null reads in the edition's. */
  timeZone: string | null;
  consents: boolean;
  /** Registered through a share link (an affiliate's). */
  affiliate: boolean;
  story: StoryStep[];
}

const HOUR = 3600_000;

/** The default cast: one of each kind. */
export const DEFAULT_CAST: readonly string[] = castKinds;

export type CastParse = { ok: true; kinds: { kind: CastKind; timeZone: string | null }[] } | { ok: false; message: string };

/** "free", "pass-aap:Europe/Paris": each named kind (with the reader's zone), or a message naming what is wrong. */
export function parseCast(entries: readonly string[]): CastParse {
  const kinds: { kind: CastKind; timeZone: string | null }[] = [];
  for (const raw of entries.flatMap((entry) => entry.split(','))) {
    const entry = raw.trim();
    if (!entry) continue;
    const [kind = '', zone] = entry.split(/:(.*)/s, 2);
    if (!isCastKind(kind))
      return { ok: false, message: `There is no registrant kind “${kind.slice(0, 60)}”. Use one of: ${castKinds.join(', ')}.` };
    if (zone !== undefined && !isKnownTimeZone(zone))
      return { ok: false, message: `“${zone.slice(0, 64)}” is not a time zone (use one such as Europe/Paris).` };
    kinds.push({ kind, timeZone: zone ?? null });
  }
  return kinds.length ? { ok: true, kinds } : { ok: false, message: `Name at least one registrant kind: ${castKinds.join(', ')}.` };
}

/** Each kind's story on the summit's moments. */
function storyOf(kind: CastKind, moments: SummitMoments): StoryStep[] {
  const early = moments.registrationOpens;
  const dayStart = (day: 1 | 2 | 3) => moments.days[day - 1]!.start;
  const registers = (at: number): StoryStep => ({ at, what: 'registers' });
  switch (kind) {
    case 'free':
    case 'no-consent':
    case 'affiliate':
      return [registers(early)];
    case 'pass-replay':
    case 'pass-aap':
      return [registers(early), { at: early + 60_000, what: 'buys', pass: kind === 'pass-replay' ? 'replay' : 'aap' }];
    case 'upgrades':
      return [
        registers(early),
        { at: early + 60_000, what: 'buys', pass: 'replay' },
        { at: dayStart(2) + 2 * HOUR, what: 'buys', pass: 'aap' },
      ];
    case 'registers-day-2':
      return [registers(dayStart(2) + 2 * HOUR)];
    case 'registers-after':
      return [registers(moments.summitEnd + 2 * HOUR)];
    case 'unsubscribes-day-1':
      return [registers(early), { at: dayStart(1) + 2 * HOUR, what: 'unsubscribes' }];
    case 'erased':
      return [registers(early), { at: dayStart(2) + HOUR, what: 'erased' }];
    case 'refunded':
      return [
        registers(early),
        { at: early + 60_000, what: 'buys', pass: 'aap' },
        { at: dayStart(2) + 3 * HOUR, what: 'refunded', pass: 'aap' },
      ];
  }
}

/** The cast for the named kinds, each with its story; a kind named twice gets a second member. */
export function castFor(kinds: readonly { kind: CastKind; timeZone: string | null }[], moments: SummitMoments): CastMember[] {
  const seen = new Map<CastKind, number>();
  return kinds.map(({ kind, timeZone }) => {
    const count = (seen.get(kind) ?? 0) + 1;
    seen.set(kind, count);
    const key = count === 1 ? kind : `${kind}-${count}`;
    return {
      key,
      kind,
      label: `${CAST_LABELS[kind]}${timeZone ? ` (reads in ${timeZone})` : ''}`,
      firstName: `Rehearsal ${key}`,
      email: `${key}@rehearsal.invalid`,
      timeZone,
      consents: kind !== 'no-consent',
      affiliate: kind === 'affiliate',
      story: storyOf(kind, moments),
    };
  });
}

/** When they registered (every story starts with it). */
export const registeredAt = (member: CastMember): number => member.story[0]!.at;

/** What they hold, have agreed to and are, as of `at`: their story up to then. */
export interface MemberState {
  registered: boolean;
  tier: 'free' | PassKind;
  /** The top pass they paid for, with what they paid for the lower one. */
  held: PassKind[];
  consents: boolean;
  unsubscribed: boolean;
  erased: boolean;
}

export function stateAt(member: CastMember, at: number): MemberState {
  const state: MemberState = { registered: false, tier: 'free', held: [], consents: member.consents, unsubscribed: false, erased: false };
  for (const step of member.story) {
    if (step.at > at) break;
    if (step.what === 'registers') state.registered = true;
    if (step.what === 'buys') state.held = [...state.held.filter((pass) => pass !== step.pass), step.pass];
    if (step.what === 'refunded') state.held = state.held.filter((pass) => pass !== step.pass);
    if (step.what === 'unsubscribes') state.unsubscribed = true;
    if (step.what === 'erased') state.erased = true;
  }
  // The tier is the highest pass held (passKinds is lowest first).
  state.tier = [...passKinds].reverse().find((pass) => state.held.includes(pass)) ?? 'free';
  return state;
}
