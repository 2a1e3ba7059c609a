/** One registrant's access in the admin: link, passes and purchases, windows, and the actions on them. */
import { recordedMoney } from '../../domain/money.ts';
import { formatUtcDateTime } from '../../domain/dates.ts';
import type { RegistrantTier } from '../../domain/entities.ts';
import { passKinds, type PassKind } from '../../domain/passes.ts';
import { optionsOf, SelectField } from '../../components/form/Select.tsx';
import { CARD, LINK, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/form/styles.ts';
import { OutcomeNotice } from '../../components/form/OutcomeNotice.tsx';
import { registrantAccessActions, type RegistrantAccessAction } from '../../domain/admin-actions.ts';
import type { SuppressionView } from '../../domain/suppression/suppression-view.ts';
import { consentSentence, type ConsentRecordData } from '../../domain/registrant-data/consent.ts';

export interface RegistrantAccessProps {
  editionSlug: string;
  registrant: {
    id: number;
    firstName: string;
    email: string;
    tier: RegistrantTier;
    /** What the edition calls each tier (its passes' names). */
    tierNames: Record<RegistrantTier, string>;
    registeredAt: Date;
    keyVersion: number;
    keyRevokedAt: Date | null;
    personalLink: string | null;
    consents: ConsentRecordData[];
    purchases: Array<{
      id: number;
      pass: PassKind;
      source: string;
      amount: number | null;
      currency: string | null;
      providerEventId: string | null;
      status: string;
      /** A test payment (decision 0074). */
      test: boolean;
      createdAt: Date;
      endedAt: Date | null;
    }>;
    visits: Array<{ pageType: string; firstVisit: Date }>;
    /** The personal link's audio came from more networks in a day than the limit (decision 0038). */
    sharedFeed: { networks: number; day: string; flaggedAt: Date } | null;
    /** Their address's suppression in force (docs/decisions/0082), or null. */
    suppression: SuppressionView | null;
  };
  message?: { ok: boolean; text: string } | undefined;
}

/** In the purchase's own currency and its digits (src/domain/money.ts): ¥5,000, not 50.00 JPY. */
const money = (amount: number | null, currency: string | null) => (amount === null ? '—' : recordedMoney(amount, currency));

function ActionButton({
  action,
  label,
  extra = {},
  danger = false,
}: {
  action: RegistrantAccessAction;
  label: string;
  extra?: Record<string, string>;
  danger?: boolean;
}) {
  return (
    <form method="post" className="inline">
      <input type="hidden" name="action" value={action} />
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button className={`${SECONDARY_BUTTON} ${danger ? 'text-red-700' : ''}`}>{label}</button>
    </form>
  );
}

type Registrant = RegistrantAccessProps['registrant'];

/** Shown when the link looks shared: where its audio came from, and the one-click re-issue. Nothing was blocked. */
function SharedFeedNotice({ flag }: { flag: NonNullable<Registrant['sharedFeed']> }) {
  return (
    <div role="alert" data-shared-feed className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-amber-900">
      <p className="font-medium">This personal feed looks shared.</p>
      <p className="mt-1 text-sm">
        Its audio was fetched from <strong data-shared-feed-networks>{flag.networks}</strong> different networks on {flag.day} (UTC), more
        than one listener's devices usually use. Nothing has been blocked. Issuing a new link ends the old one for everyone who has it; the
        registrant gets the new one by "Find my access" or from you.
      </p>
      <p className="mt-2">
        <ActionButton action={registrantAccessActions.enum.reissue} label="Re-issue the link now" />
      </p>
    </div>
  );
}

/** Their address gets no e-mail but the access links it asks for: why, since when, and the lift. */
function SuppressionSection({ suppression: s }: { suppression: SuppressionView }) {
  return (
    <section role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-amber-900" data-registrant-suppression={s.id}>
      <p className="font-medium">
        Suppressed: {s.reasonText} since {s.since} UTC.
      </p>
      <p className="mt-1 text-sm">
        The site sends {s.address} nothing but the access links it asks for with "Find my access". After a bounce, the registrant sees on
        their dashboard that our e-mails are not arriving.
      </p>
      {s.detail ? <p className="mt-1 text-sm break-all font-mono">{s.detail}</p> : null}
      <p className="mt-2">
        <ActionButton
          action={registrantAccessActions.enum['lift-suppression']}
          label="Lift the suppression"
          extra={{ suppression: String(s.id) }}
        />
      </p>
    </section>
  );
}

/** The personal link (or when it was revoked), with revoke and re-issue. */
function LinkSection({ registrant: r }: { registrant: Registrant }) {
  return (
    <section className={CARD} aria-labelledby="link-heading">
      <h2 id="link-heading" className="text-xl font-semibold">
        Personal link
      </h2>
      {r.sharedFeed ? <SharedFeedNotice flag={r.sharedFeed} /> : null}
      <p className="mt-2">
        Tier: <strong data-tier>{r.tierNames[r.tier]}</strong> · registered {formatUtcDateTime(r.registeredAt)} · key version {r.keyVersion}
      </p>
      {r.personalLink ? (
        <p className="mt-2 break-all font-mono text-sm" data-personal-link>
          {r.personalLink}
        </p>
      ) : (
        <p className="mt-2 font-medium text-red-800" data-link-revoked>
          Revoked {r.keyRevokedAt ? formatUtcDateTime(r.keyRevokedAt) : ''}: the link opens nothing until it is re-issued.
        </p>
      )}
      <p className="mt-4 flex flex-wrap gap-3">
        {r.personalLink ? <ActionButton action={registrantAccessActions.enum.revoke} label="Revoke the link" danger /> : null}
        <ActionButton action={registrantAccessActions.enum.reissue} label="Issue a new link" />
      </p>
    </section>
  );
}

function PurchaseRow({ purchase: p, tierNames }: { purchase: Registrant['purchases'][number]; tierNames: Registrant['tierNames'] }) {
  return (
    <tr data-purchase={p.id}>
      <td>{p.id}</td>
      <td>{tierNames[p.pass]}</td>
      <td>{p.source === 'admin' ? 'Admin' : p.test ? 'Test payment' : 'Payment'}</td>
      <td>{money(p.amount, p.currency)}</td>
      <td className="font-mono">{p.providerEventId ?? '—'}</td>
      <td>
        {p.status}
        {p.endedAt ? ` (${formatUtcDateTime(p.endedAt)})` : ''}
      </td>
      <td>{formatUtcDateTime(p.createdAt)}</td>
      <td>
        {p.status === 'active' ? (
          <ActionButton action={registrantAccessActions.enum.remove} label="Remove" extra={{ purchase: String(p.id) }} danger />
        ) : null}
      </td>
    </tr>
  );
}

/** Every pass and purchase, removing an active one, and granting a pass. */
function PassesSection({ purchases, tierNames }: Pick<Registrant, 'purchases' | 'tierNames'>) {
  return (
    <section className={CARD} aria-labelledby="passes-heading">
      <h2 id="passes-heading" className="text-xl font-semibold">
        Passes and purchases
      </h2>
      {purchases.length ? (
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr>
              <th>#</th>
              <th>Pass</th>
              <th>From</th>
              <th>Amount</th>
              <th>Event</th>
              <th>Status</th>
              <th>Since</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {purchases.map((p) => (
              <PurchaseRow key={p.id} purchase={p} tierNames={tierNames} />
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-2 text-muted">No passes yet.</p>
      )}
      <form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="action" value={registrantAccessActions.enum.grant} />
        <SelectField
          name="pass"
          label="Grant a pass"
          adminField={false}
          defaultValue="aap"
          options={optionsOf(passKinds, (kind) => tierNames[kind])}
        />
        <button className={PRIMARY_BUTTON}>Grant</button>
      </form>
    </section>
  );
}

/** One page's first visit, with extending or resetting its window. */
function WindowItem({ visit }: { visit: Registrant['visits'][number] }) {
  const page = visit.pageType.slice(visit.pageType.lastIndexOf('_') + 1);
  return (
    <li data-window={page} className="flex flex-wrap items-center gap-3">
      <span className="font-mono">{page}</span> first visit {formatUtcDateTime(visit.firstVisit)}
      <form method="post" className="inline-flex items-end gap-2">
        <input type="hidden" name="action" value={registrantAccessActions.enum.extend} />
        <input type="hidden" name="page" value={page} />
        <label>
          <span className="sr-only">Hours to extend the {page} window by</span>
          <input name="hours" type="number" min={1} defaultValue={24} className="w-20 rounded-lg border px-2 py-1" />
        </label>
        <button className={SECONDARY_BUTTON}>Extend</button>
      </form>
      <ActionButton action={registrantAccessActions.enum.reset} label="Reset" extra={{ page }} />
    </li>
  );
}

function WindowsSection({ visits }: { visits: Registrant['visits'] }) {
  return (
    <section className={CARD} aria-labelledby="windows-heading">
      <h2 id="windows-heading" className="text-xl font-semibold">
        Access windows
      </h2>
      <p className="mt-1 text-sm text-muted">First visit per page, on any device. Windows are counted from these.</p>
      {visits.length ? (
        <ul className="mt-4 space-y-3">
          {visits.map((visit) => (
            <WindowItem key={visit.pageType} visit={visit} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-muted">No page visited yet.</p>
      )}
    </section>
  );
}

/** Their consents as kept (docs/decisions/0084), and a copy of everything about their address for a request by e-mail. */
function ConsentsSection({ consents, email }: Pick<Registrant, 'consents' | 'email'>) {
  return (
    <section className={CARD} aria-labelledby="consents-heading" data-consents="">
      <h2 id="consents-heading" className="text-xl font-semibold">
        Consents and data
      </h2>
      {consents.length ? (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
          {consents.map((record, index) => (
            <li key={index}>{consentSentence(record, (iso) => formatUtcDateTime(new Date(iso)))}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-muted">No consent is recorded (registered before consents were kept).</p>
      )}
      <form method="post" action="/admin/data-requests" className="mt-4">
        <input type="hidden" name="action" value="export" />
        <input type="hidden" name="email" value={email} />
        <button className={SECONDARY_BUTTON}>Export this registrant's data</button>
      </form>
    </section>
  );
}

export function RegistrantAccessView({ editionSlug, registrant: r, message }: RegistrantAccessProps) {
  return (
    <div className="space-y-6">
      <p>
        <a className={LINK} href={`/admin/registrants?edition=${encodeURIComponent(editionSlug)}`}>
          ← Registrants
        </a>
      </p>
      <h1 className="text-2xl font-semibold">
        {r.firstName} <span className="text-muted">({r.email})</span>
      </h1>
      <OutcomeNotice outcome={message} data-admin-message="" />
      {r.suppression ? <SuppressionSection suppression={r.suppression} /> : null}
      <LinkSection registrant={r} />
      <PassesSection purchases={r.purchases} tierNames={r.tierNames} />
      <WindowsSection visits={r.visits} />
      <ConsentsSection consents={r.consents} email={r.email} />
    </div>
  );
}
