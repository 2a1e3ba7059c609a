/**
 * Share links of an edition (decision 0038): one per speaker and host, made when first needed
 * (the admin's share-links screen, the insights, or a `/r/` code nobody holds yet), with a code
 * from the person's name. Removing a person keeps their link unattached (the registrations it
 * brought stay counted); a person added again under the same name gets it back.
 */
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { uniqueShareCode } from '../../domain/attribution/share-code.ts';
import type { Database } from '../db/client.ts';
import { editions, hosts, shareLinks, speakers } from '../db/schema.ts';
import { findHomeEdition } from '../editions/home-edition.ts';

export type ShareLink = typeof shareLinks.$inferSelect;

interface Person {
  kind: 'speaker' | 'host';
  id: number;
  name: string;
}

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

async function peopleOf(db: Database, editionId: number): Promise<Person[]> {
  const columns = (table: typeof speakers | typeof hosts) => ({ id: table.id, first: table.firstName, last: table.lastName });
  const [speakerRows, hostRows] = await Promise.all([
    db
      .select(columns(speakers))
      .from(speakers)
      .where(eq(speakers.editionId, editionId))
      .orderBy(asc(speakers.day), asc(speakers.position), asc(speakers.id)),
    db.select(columns(hosts)).from(hosts).where(eq(hosts.editionId, editionId)).orderBy(asc(hosts.day), asc(hosts.position), asc(hosts.id)),
  ]);
  return [
    ...hostRows.map((row) => ({ kind: 'host' as const, id: row.id, name: fullName(row.first, row.last) })),
    ...speakerRows.map((row) => ({ kind: 'speaker' as const, id: row.id, name: fullName(row.first, row.last) })),
  ];
}

const personColumn = (kind: Person['kind']) => (kind === 'speaker' ? shareLinks.speakerId : shareLinks.hostId);
const personValues = (person: Person) => (person.kind === 'speaker' ? { speakerId: person.id } : { hostId: person.id });

/** Held until the transaction ends: one change to an edition's links (new ones, a code) at a time. */
export async function lockEditionLinks(tx: Database, editionId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('share_links'), ${editionId})`);
}

/**
 * Gives every speaker and host of the edition a link, in one transaction with the links locked
 * against a concurrent run (the unique indexes refuse a second link for a person either way).
 */
export async function ensureShareLinks(db: Database, edition: { id: number; slug: string }): Promise<void> {
  const people = await peopleOf(db, edition.id);
  const links = await db.select().from(shareLinks).where(eq(shareLinks.editionId, edition.id));
  const missing = people.filter(
    (person) => !links.some((link) => (person.kind === 'speaker' ? link.speakerId : link.hostId) === person.id),
  );
  if (!missing.length) return;
  await db.transaction(async (tx) => {
    await lockEditionLinks(tx, edition.id);
    const taken = new Set((await tx.select({ code: shareLinks.code }).from(shareLinks)).map((row) => row.code));
    for (const person of missing) await giveLink(tx, { edition, person, taken });
  });
}

async function giveLink(
  tx: Database,
  { edition, person, taken }: { edition: { id: number; slug: string }; person: Person; taken: Set<string> },
) {
  const [has] = await tx
    .select({ id: shareLinks.id })
    .from(shareLinks)
    .where(eq(personColumn(person.kind), person.id))
    .limit(1);
  if (has) return;
  // An unattached link of the same name in this edition: the person came back (a re-import). A
  // partner's link is never a person's, whatever its name (docs/decisions/0066).
  const [orphan] = await tx
    .select({ id: shareLinks.id })
    .from(shareLinks)
    .where(
      and(
        eq(shareLinks.editionId, edition.id),
        eq(shareLinks.name, person.name),
        isNull(shareLinks.speakerId),
        isNull(shareLinks.hostId),
        eq(shareLinks.partner, false),
      ),
    )
    .limit(1);
  if (orphan) {
    await tx.update(shareLinks).set(personValues(person)).where(eq(shareLinks.id, orphan.id));
    return;
  }
  const code = uniqueShareCode({ name: person.name, editionSlug: edition.slug, taken });
  taken.add(code);
  await tx.insert(shareLinks).values({ editionId: edition.id, name: person.name, code, ...personValues(person) });
}

/** The edition's links, names refreshed from their people, in the order the admin lists them. */
export async function listShareLinks(db: Database, editionId: number): Promise<ShareLink[]> {
  const rows = await db
    .select({
      link: shareLinks,
      speaker: sql<string | null>`(select trim(first_name || ' ' || last_name) from speakers where speakers.id = ${shareLinks.speakerId})`,
      host: sql<string | null>`(select trim(first_name || ' ' || last_name) from hosts where hosts.id = ${shareLinks.hostId})`,
    })
    .from(shareLinks)
    .where(eq(shareLinks.editionId, editionId))
    .orderBy(asc(shareLinks.name), asc(shareLinks.id));
  return rows.map(({ link, speaker, host }) => ({ ...link, name: speaker ?? host ?? link.name }));
}

/**
 * The link `/r/{code}` names: the edition asked for (`?edition=`), else the home page's edition,
 * else the newest edition holding the code (codes are unique per edition, defaults site-wide).
 */
export async function findShareLink(
  db: Database,
  { code, editionSlug }: { code: string; editionSlug: string | null },
): Promise<{ link: ShareLink; editionSlug: string } | null> {
  const home = await findHomeEdition(db);
  const preferred = editionSlug ?? home?.slug ?? '';
  const rows = await db
    .select({ link: shareLinks, slug: editions.slug })
    .from(shareLinks)
    .innerJoin(editions, eq(editions.id, shareLinks.editionId))
    .where(and(eq(shareLinks.code, code), editionSlug ? eq(editions.slug, editionSlug) : undefined))
    .orderBy(desc(sql`${editions.slug} = ${preferred}`), desc(editions.summitStartDate), desc(editions.id))
    .limit(1);
  const row = rows[0];
  return row ? { link: row.link, editionSlug: row.slug } : null;
}

/**
 * After a `/r/` miss: makes the links of the editions that have a speaker or host without one (a
 * person added since). One query answers when there is none, so a stream of unknown codes costs
 * one read each.
 */
export async function ensureAllShareLinks(db: Database): Promise<void> {
  const lacking = await db
    .select({ id: editions.id, slug: editions.slug })
    .from(editions)
    .where(
      sql`exists (select 1 from ${speakers} where ${speakers.editionId} = ${editions.id} and not exists (select 1 from ${shareLinks} where ${shareLinks.speakerId} = ${speakers.id}))
        or exists (select 1 from ${hosts} where ${hosts.editionId} = ${editions.id} and not exists (select 1 from ${shareLinks} where ${shareLinks.hostId} = ${hosts.id}))`,
    );
  for (const edition of lacking) await ensureShareLinks(db, edition);
}

export async function shareLinkById(db: Database, id: number): Promise<ShareLink | null> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.id, id)).limit(1);
  return row ?? null;
}

/** Whether a link of the edition other than `exceptId` holds the code. */
export async function codeTaken(
  db: Database,
  { editionId, code, exceptId }: { editionId: number; code: string; exceptId: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: shareLinks.id })
    .from(shareLinks)
    .where(and(eq(shareLinks.editionId, editionId), eq(shareLinks.code, code), ne(shareLinks.id, exceptId)))
    .limit(1);
  return Boolean(row);
}
