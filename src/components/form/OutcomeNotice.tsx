/**
 * What an action did, said once in one look: a success in green with a tick, read out politely
 * (role=status); a failure in red, read out at once (role=alert). Never the brand's colours,
 * which a host may have made red: a saved form must not look like a refused one.
 */
export interface Outcome {
  ok: boolean;
  text: string;
}

/** The tick is drawn by CSS: seen, and not part of the notice's text that is read out or copied. */
export const SUCCESS_NOTICE =
  "rounded-xl bg-green-50 px-4 py-3 text-sm text-green-900 ring-1 ring-green-700/20 before:mr-2 before:font-bold before:content-['✓']";
export const FAILURE_NOTICE = 'rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-700/20';

export function OutcomeNotice({ outcome, className = '', ...data }: { outcome?: Outcome | null | undefined; className?: string }) {
  if (!outcome) return null;
  return (
    <p
      role={outcome.ok ? 'status' : 'alert'}
      data-outcome={outcome.ok ? 'success' : 'failure'}
      className={`${outcome.ok ? SUCCESS_NOTICE : FAILURE_NOTICE} ${className}`}
      {...data}
    >
      {outcome.text}
    </p>
  );
}
