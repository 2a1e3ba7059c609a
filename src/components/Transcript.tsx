/**
 * An episode's transcript under its player (decision 0039; WCAG 2.2 success criterion 1.2.1): a
 * <details> folded by default, its text in the page so the browser's find reaches it (Chromium
 * and Firefox open a <details> to show a match). The words are text, escaped by React: nothing
 * a transcript holds becomes markup.
 */
import type { TranscriptCue } from '../domain/podcast/transcripts.ts';

export function Transcript({ cues, title }: { cues: readonly TranscriptCue[]; title: string }) {
  return (
    <details data-transcript="" className="mt-4 rounded-xl bg-surface ring-1 ring-brand-primary/15">
      <summary className="cursor-pointer rounded-xl px-4 py-3 font-semibold text-brand-primary-strong">
        Transcript<span className="sr-only">: {title}</span>
      </summary>
      <div className="max-h-96 space-y-3 overflow-y-auto px-4 pb-4 text-ink" tabIndex={0} role="region" aria-label={`Transcript: ${title}`}>
        {cues.map((cue, index) => (
          <p key={index} className="whitespace-pre-line">
            {cue.start ? <span className="font-mono text-sm text-muted">{cue.start} </span> : null}
            {cue.speaker ? <strong className="font-semibold">{cue.speaker}: </strong> : null}
            {cue.text}
          </p>
        ))}
      </div>
    </details>
  );
}
