/**
 * A running import's progress on Admin → Registrants → Import (docs/decisions/0076): rows done of
 * the total and refused rows, announced politely as they change, with a link that shows the page
 * again (what the island does by itself, and what works without its script).
 */
import { plural } from '../domain/wording.ts';
import { OutcomeNotice } from './form/OutcomeNotice.tsx';

export interface RunningImport {
  rowsDone: number;
  rowsTotal: number;
  refused: number;
}

export function ImportProgressNotice({ progress, self }: { progress: RunningImport; self: string }) {
  const counted = `${progress.rowsDone.toLocaleString('en')} of ${plural(progress.rowsTotal, 'row')} done, ${progress.refused} refused`;
  return (
    <>
      <OutcomeNotice outcome={{ ok: true, text: `Importing in the background: ${counted}.` }} />
      <progress className="mt-2 w-full" max={progress.rowsTotal} value={progress.rowsDone} aria-label="Rows imported" />
      <p className="mt-2 text-sm">
        The site keeps serving while it runs; you may leave this page.{' '}
        <a className="text-brand-primary-strong underline underline-offset-4" href={self}>
          Refresh
        </a>
      </p>
    </>
  );
}
