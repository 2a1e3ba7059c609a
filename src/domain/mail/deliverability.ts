/**
 * How an edition's mail is received (docs/decisions/0089): per message and per edition, what the
 * receiving servers accepted, what bounced for good or for now, what a reader marked as spam, and
 * what was not sent to a suppressed address; the bounce and complaint rates against the thresholds
 * the mailbox providers and sending services publish. Pure: counts in, figures and warnings out.
 */

/** What the receiving side said of a copy, the worst it said: a complaint outweighs a bounce. */
export const MAIL_FEEDBACK_KINDS = ['soft-bounce', 'hard-bounce', 'complaint'] as const;
export type MailFeedbackKind = (typeof MAIL_FEEDBACK_KINDS)[number];

/** Whether `next` says more about the copy than what it had (a complaint after its delivery, a hard bounce after a soft one). */
export function outweighs(next: MailFeedbackKind, had: MailFeedbackKind | null): boolean {
  return had === null || MAIL_FEEDBACK_KINDS.indexOf(next) > MAIL_FEEDBACK_KINDS.indexOf(had);
}

export interface DeliveryCounts {
  /** Copies the receiving server accepted (sent), whatever it reported later. */
  accepted: number;
  /** Copies refused for good: at the SMTP conversation, or reported by the provider after accepting them. */
  hardBounced: number;
  /** Copies deferred or reported as a temporary failure. */
  softBounced: number;
  /** Copies a reader marked as spam. */
  complained: number;
  /** Copies not sent because their address is suppressed. */
  suppressed: number;
}

export const NO_DELIVERIES: DeliveryCounts = { accepted: 0, hardBounced: 0, softBounced: 0, complained: 0, suppressed: 0 };

export function addCounts(a: DeliveryCounts, b: DeliveryCounts): DeliveryCounts {
  return {
    accepted: a.accepted + b.accepted,
    hardBounced: a.hardBounced + b.hardBounced,
    softBounced: a.softBounced + b.softBounced,
    complained: a.complained + b.complained,
    suppressed: a.suppressed + b.suppressed,
  };
}

/**
 * The published limits: Amazon SES puts an account under review at a 5% bounce rate; Gmail's and
 * Yahoo's bulk-sender rules (February 2024) ask for spam complaints under 0.3%.
 */
export const DELIVERY_THRESHOLDS = {
  bounceRate: { limit: 0.05, source: 'Amazon SES reviews a sender at a 5% bounce rate' },
  complaintRate: { limit: 0.003, source: 'Gmail and Yahoo ask bulk senders for spam complaints under 0.3%' },
} as const;

/** Below this many attempts a rate says little: shown, but said to be early. */
export const FEW_ATTEMPTS = 100;

export interface Deliverability {
  counts: DeliveryCounts;
  /** Copies the site tried to hand over: accepted, plus those refused at the SMTP conversation. */
  attempted: number;
  /** Hard bounces among the attempts; null before any attempt. */
  bounceRate: number | null;
  /** Complaints among the accepted copies; null before any was accepted. */
  complaintRate: number | null;
  /** One sentence per rate above its limit. */
  warnings: string[];
  /** Whether so few copies went that the rates are early. */
  early: boolean;
}

/** "0.42%" */
export function formatRate(rate: number | null): string {
  if (rate === null) return '–';
  return `${(rate * 100).toFixed(rate < 0.01 ? 2 : 1)}%`;
}

/**
 * The figures for some counts. `refusedAtSmtp`: the hard bounces that were never accepted (the
 * others were reported later about accepted copies), so the attempts are counted once.
 */
export function deliverabilityOf(counts: DeliveryCounts, refusedAtSmtp: number): Deliverability {
  const attempted = counts.accepted + refusedAtSmtp;
  const bounceRate = attempted ? counts.hardBounced / attempted : null;
  const complaintRate = counts.accepted ? counts.complained / counts.accepted : null;
  const warnings: string[] = [];
  const { bounceRate: bounce, complaintRate: complaint } = DELIVERY_THRESHOLDS;
  if (bounceRate !== null && bounceRate > bounce.limit)
    warnings.push(
      `Bounce rate ${formatRate(bounceRate)}, above ${formatRate(bounce.limit)}: ${bounce.source}. Remove addresses that do not exist before the next send.`,
    );
  if (complaintRate !== null && complaintRate > complaint.limit)
    warnings.push(
      `Complaint rate ${formatRate(complaintRate)}, above ${formatRate(complaint.limit)}: ${complaint.source}. Send marketing only to those who asked for it, and make unsubscribing easy.`,
    );
  return { counts, attempted, bounceRate, complaintRate, warnings, early: attempted < FEW_ATTEMPTS };
}
