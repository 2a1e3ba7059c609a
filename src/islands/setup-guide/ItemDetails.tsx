/** The opened item's details: steps, dashboards, AI prompts, troubleshooting and checks. */
import type { ReactNode } from 'react';
import { SetupDashboardLinks } from '../../components/SetupDashboardLinks.tsx';
import type { SetupItem } from '../../domain/setup-guide.ts';
import { focusRing } from './focus-ring.ts';
import { RichTextItems } from './RichText.tsx';

/** The opened item: steps, dashboards, AI prompts, troubleshooting and how to know it worked. */
export function ItemDetails({ item, open, onCopy }: { item: SetupItem; open: boolean; onCopy: (text: string) => void }) {
  return (
    <div id={`setup-item-${item.id}-panel`} hidden={!open} className="space-y-6 border-t border-ink/10 px-4 pt-4 pb-5">
      <ItemSection title="Steps">
        <ol className="list-decimal space-y-2 pl-5 text-ink">
          <RichTextItems lines={item.steps} />
        </ol>
      </ItemSection>
      {item.dashboards?.length ? (
        <ItemSection title="Dashboards">
          <SetupDashboardLinks links={item.dashboards} />
        </ItemSection>
      ) : null}
      <ItemSection title="AI prompts">
        <ul className="space-y-4">
          {item.prompts.map((entry, index) => (
            <PromptCard key={index} entry={entry} labelId={`setup-item-${item.id}-prompt-${index}`} onCopy={onCopy} />
          ))}
        </ul>
      </ItemSection>
      <ItemSection title="Troubleshooting">
        <ul className="list-disc space-y-2 pl-5 text-ink">
          <RichTextItems lines={item.troubleshooting} />
        </ul>
      </ItemSection>
      <ItemSection title="How to know it worked">
        <ul className="list-disc space-y-2 pl-5 text-ink">
          <RichTextItems lines={item.validation} />
        </ul>
      </ItemSection>
    </div>
  );
}

/** One AI prompt: its label, the Copy button it describes, and the text. */
function PromptCard({ entry, labelId, onCopy }: { entry: SetupItem['prompts'][number]; labelId: string; onCopy: (text: string) => void }) {
  return (
    <li data-prompt="" className="rounded-xl bg-white p-4 ring-1 ring-ink/10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={labelId} className="font-semibold text-ink">
          {entry.label}
        </p>
        <button
          type="button"
          aria-describedby={labelId}
          onClick={() => onCopy(entry.text)}
          className={`rounded-full bg-brand-primary-strong px-4 py-1.5 text-sm font-semibold text-white transition hover:brightness-90 ${focusRing}`}
        >
          Copy
        </button>
      </div>
      <pre className="mt-3 font-sans text-sm whitespace-pre-wrap text-muted">{entry.text}</pre>
    </li>
  );
}

function ItemSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold tracking-wide text-brand-primary-strong uppercase">{title}</h4>
      {children}
    </div>
  );
}
