/**
 * How an edition's mail is received (docs/decisions/0089): what the receiving servers accepted,
 * bounced and complained of, what was not sent to suppressed addresses, and the two rates against
 * their published limits, with a warning above them. On the edition's e-mails screen and, one per
 * edition, on Mail delivery.
 */
import { DELIVERY_THRESHOLDS, formatRate, type Deliverability } from '../../domain/mail/deliverability.ts';

function Rate({ label, rate, limit }: { label: string; rate: number | null; limit: number }) {
  const above = rate !== null && rate > limit;
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className={`font-semibold tabular-nums ${above ? 'text-red-700' : ''}`}>
        {formatRate(rate)} <span className="font-normal text-muted">(limit {formatRate(limit)})</span>
      </dd>
    </div>
  );
}

export function DeliverabilityFigures({ figures, heading }: { figures: Deliverability; heading: string }) {
  const { counts } = figures;
  const count = (label: string, value: number) => (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
  return (
    <section className="space-y-3" aria-label={heading} data-deliverability="">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {count('Accepted', counts.accepted)}
        {count('Bounced for good', counts.hardBounced)}
        {count('Bounced for now', counts.softBounced)}
        {count('Marked as spam', counts.complained)}
        {count('Not sent: suppressed', counts.suppressed)}
        <Rate label="Bounce rate" rate={figures.bounceRate} limit={DELIVERY_THRESHOLDS.bounceRate.limit} />
        <Rate label="Complaint rate" rate={figures.complaintRate} limit={DELIVERY_THRESHOLDS.complaintRate.limit} />
      </dl>
      {figures.early ? <p className="text-sm text-muted">From fewer than 100 e-mails: the rates will say more as more go out.</p> : null}
      {figures.warnings.map((warning) => (
        <p key={warning} role="note" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800" data-deliverability-warning="">
          {warning}
        </p>
      ))}
    </section>
  );
}
