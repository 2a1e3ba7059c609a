/** One checklist item: its heading, "Mark complete" and, when open, its details. */
import type { SetupItem } from '../../domain/setup-guide.ts';
import { Chevron } from './Chevron.tsx';
import { focusRing } from './focus-ring.ts';
import { ItemDetails } from './ItemDetails.tsx';
import { COMPLETE_BOX_NAME } from './use-setup-guide-state.ts';

export interface SetupItemCardProps {
  item: SetupItem;
  open: boolean;
  complete: boolean;
  onToggleOpen: () => void;
  onToggleComplete: () => void;
  onCopy: (text: string) => void;
}

/** The item's heading (its open/close button), "Mark complete" and the one-line summary. */
function ItemHeader({ item, open, complete, onToggleOpen, onToggleComplete }: Omit<SetupItemCardProps, 'onCopy'>) {
  const panelId = `setup-item-${item.id}-panel`;
  const checkboxId = `setup-item-${item.id}-complete`;
  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-2 p-4">
      <h3 className="w-full min-w-0 text-lg font-semibold text-ink sm:w-auto sm:flex-1">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggleOpen}
          className={`flex w-full items-center gap-3 rounded-xl text-left ${focusRing}`}
        >
          <span className="min-w-0 flex-1">{item.title}</span>
          <Chevron open={open} />
        </button>
      </h3>
      <div className="flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          name={COMPLETE_BOX_NAME}
          value={item.id}
          checked={complete}
          onChange={onToggleComplete}
          className={`size-6 shrink-0 cursor-pointer rounded accent-brand-primary-strong ${focusRing}`}
        />
        <label htmlFor={checkboxId} className="cursor-pointer text-sm font-medium text-ink">
          Mark complete<span className="sr-only">: {item.title}</span>
        </label>
      </div>
      <p className="w-full text-muted">{item.summary}</p>
    </div>
  );
}

export function SetupItemCard({ item, open, complete, onToggleOpen, onToggleComplete, onCopy }: SetupItemCardProps) {
  return (
    <li
      data-item={item.id}
      data-complete={complete ? 'true' : 'false'}
      className={`rounded-2xl ring-1 ${complete ? 'bg-brand-primary/5 ring-brand-primary-strong/40' : 'bg-surface ring-ink/10'}`}
    >
      <ItemHeader item={item} open={open} complete={complete} onToggleOpen={onToggleOpen} onToggleComplete={onToggleComplete} />
      <ItemDetails item={item} open={open} onCopy={onCopy} />
    </li>
  );
}
