/**
 * A running import's progress, kept current (docs/decisions/0076): every two seconds the island
 * asks the page for the import's progress as JSON and shows it; once the import is no longer
 * running it opens the page again, which shows the report (or why it stopped). No reload while it
 * runs, so nothing moves under a reader; without the script the page's Refresh link does the same.
 */
import { useEffect, useState } from 'react';
import { ImportProgressNotice, type RunningImport } from '../components/ImportProgressNotice.tsx';

const POLL_MS = 2000;

export default function ImportProgress({ self, initial }: { self: string; initial: RunningImport }) {
  const [progress, setProgress] = useState(initial);
  useEffect(() => {
    const timer = setInterval(() => {
      void fetch(`${self}&progress=json`, { headers: { accept: 'application/json' } })
        .then(async (answer) => {
          if (!answer.ok) return;
          const next = (await answer.json()) as RunningImport & { status: string };
          if (next.status === 'running') setProgress(next);
          else window.location.assign(self);
        })
        // A failed poll is tried again at the next tick.
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [self]);
  return <ImportProgressNotice progress={progress} self={self} />;
}
