/**
 * The WAI-ARIA tabs pattern with automatic activation: a tablist of buttons with a roving
 * tabindex; ArrowLeft/ArrowRight (wrapping), Home and End move to a tab and select it. Every
 * panel stays rendered (the inactive ones hidden), so what was typed in them is kept.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDefinition<Id extends string> {
  id: Id;
  label: string;
  content: ReactNode;
}

interface TabsProps<Id extends string> {
  /** Prefix of the element ids, e.g. "brand" gives brand-tab-branding and brand-panel-branding. */
  idPrefix: string;
  label: string;
  tabs: TabDefinition<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

export function Tabs<Id extends string>({ idPrefix, label, tabs, selected, onSelect }: TabsProps<Id>) {
  const buttons = useRef(new Map<Id, HTMLButtonElement>());

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % tabs.length;
        break;
      case 'ArrowLeft':
        next = (index - 1 + tabs.length) % tabs.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = tabs.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const target = tabs[next];
    if (!target) return;
    onSelect(target.id);
    buttons.current.get(target.id)?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={move} className="flex flex-wrap gap-1 rounded-2xl bg-brand-primary/10 p-1">
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(idPrefix, tab.id)}
              aria-selected={active}
              aria-controls={panelId(idPrefix, tab.id)}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`flex-1 rounded-xl px-4 py-2.5 font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary ${
                active ? 'bg-white text-brand-primary-strong shadow-sm' : 'text-ink hover:bg-white/60'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(idPrefix, tab.id)}
          aria-labelledby={tabId(idPrefix, tab.id)}
          hidden={tab.id !== selected}
          className="mt-6"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
