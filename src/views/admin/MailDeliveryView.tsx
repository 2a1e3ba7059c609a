/**
 * Admin → Mail delivery (src/server/mail/mail-delivery-screen.ts): how mail leaves, from whom,
 * signed or not, and the sender's DNS records (SPF, DKIM, DMARC): found or not, and what to
 * publish. The settings themselves are the host's environment, so this screen only reads.
 */
import { RECORD_STATUS_LABELS, type MailDeliveryState, type SenderRecord } from '../../domain/mail/sender-records.ts';
import { CARD, LINK } from '../../components/form/styles.ts';
import type { Deliverability } from '../../domain/mail/deliverability.ts';
import { DeliverabilityFigures } from './DeliverabilityFigures.tsx';

function RecordRow({ record }: { record: SenderRecord }) {
  return (
    <li className="space-y-2 rounded-xl p-4 ring-1 ring-ink/10" data-sender-record={record.name} data-status={record.status}>
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{record.name}</span>
        <span className="text-sm font-semibold">{RECORD_STATUS_LABELS[record.status]}</span>
      </p>
      <p className="text-sm">{record.note}</p>
      <dl className="grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-muted">TXT record at</dt>
        <dd className="font-mono break-all">{record.host}</dd>
        <dt className="text-muted">Its value</dt>
        <dd className="font-mono break-all">{record.publish}</dd>
      </dl>
    </li>
  );
}

/** Each edition's figures (server/mail/deliverability-figures.ts), the editions that sent mail only. */
export type EditionDeliverabilityView = { slug: string; name: string; figures: Deliverability };

function EditionsReceived({ editions }: { editions: EditionDeliverabilityView[] }) {
  return (
    <section className={`${CARD} space-y-4`} aria-labelledby="received-heading">
      <h2 id="received-heading" className="text-xl font-semibold">
        How each edition’s e-mails are received
      </h2>
      {editions.length === 0 ? <p>No edition has sent e-mail yet.</p> : null}
      {editions.map((edition) => (
        <div key={edition.slug} className="space-y-2" data-edition-deliverability={edition.slug}>
          <h3 className="font-semibold">
            <a className={LINK} href={`/admin/editions/${edition.slug}/messages`}>
              {edition.name}
            </a>
          </h3>
          <DeliverabilityFigures figures={edition.figures} heading={`How ${edition.name}’s e-mails are received`} />
        </div>
      ))}
    </section>
  );
}

export function MailDeliveryView({ editions, ...state }: MailDeliveryState & { editions: EditionDeliverabilityView[] }) {
  return (
    <div className="space-y-6">
      <EditionsReceived editions={editions} />
      <section className={`${CARD} space-y-2`} aria-labelledby="mail-leaves-heading">
        <h2 id="mail-leaves-heading" className="text-xl font-semibold">
          How mail leaves
        </h2>
        <p data-mail-server="">
          {state.smtpServer
            ? `Through the SMTP server ${state.smtpServer}.`
            : 'Written to files in the data folder’s outbox, not sent: set SMTP_URL to send for real.'}
        </p>
        <p>
          From <span className="font-mono">{state.mailFrom}</span> (MAIL_FROM).
        </p>
        <p data-dkim-signing="">
          {state.signing
            ? `Every message is signed with DKIM (${state.signing}).`
            : 'Messages are not signed by the site (DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are unset).'}
        </p>
      </section>
      <section className={`${CARD} space-y-3`} aria-labelledby="sender-records-heading">
        <h2 id="sender-records-heading" className="text-xl font-semibold">
          The sender’s DNS records
        </h2>
        <p className="text-sm text-muted">
          Receivers such as Gmail and Yahoo check these before they deliver bulk mail. Publish each at your domain’s DNS provider; the check
          below asks DNS each time this page opens.{' '}
          <a className={LINK} href="/admin/mail-delivery">
            Check again
          </a>
        </p>
        {state.notLookedUp ? <p data-not-looked-up="">{state.notLookedUp}</p> : null}
        {state.records.length ? (
          <ul className="space-y-3">
            {state.records.map((record) => (
              <RecordRow key={record.name} record={record} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
