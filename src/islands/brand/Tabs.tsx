/**
 * The WAI-ARIA tabs pattern with automatic activation: a tablist with a roving tabindex;
 * ArrowLeft/ArrowRight (wrapping), Home and End move to a tab and select it. Every panel stays
 * rendered (the inactive ones hidden), so what was typed in them is kept.
 *
 * Each tab is a link to its own fragment (#brand-links), so a tab pressed before the island has
 * hydrated is not lost: the browser records it in the address, and the island reads it back as
 * hydration commits (tabInAddress, decision 0051). Once hydrated, a press selects the tab and
 * replaces the fragment, so a reload or a shared address opens the same tab.
 */
import { useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';

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
/** The fragment naming a tab: no element has it as its id, so following it never scrolls. */
const tabFragment = (prefix: string, id: string) => `${prefix}-${id}`;

/** The tab the page's address names (#brand-links), pressed before hydration or linked to; null for none. */
function tabInAddress<Id extends string>(prefix: string, ids: readonly Id[], hash: string): Id | null {
  return ids.find((id) => hash === `#${tabFragment(prefix, id)}`) ?? null;
}

/**
 * The tabs' part of the page's address: the tab pressed before hydration (or linked to) is
 * selected as hydration commits, before React handles any event; a press once hydrated
 * selects its tab and replaces the fragment. Returns the press handler.
 */
function useTabsInAddress<Id extends string>({ idPrefix, tabs, selected, onSelect }: Omit<TabsProps<Id>, 'label'>) {
  const press = (event: MouseEvent<HTMLAnchorElement>, id: Id) => {
    event.preventDefault();
    history.replaceState(history.state, '', `#${tabFragment(idPrefix, id)}`);
    onSelect(id);
  };
  // As hydration commits (before React handles any event): the tab pressed before it, or linked to.
  const adopted = useRef(false);
  useLayoutEffect(() => {
    if (adopted.current) return;
    adopted.current = true;
    const pressed = tabInAddress(
      idPrefix,
      tabs.map((tab) => tab.id),
      location.hash,
    );
    if (pressed && pressed !== selected) onSelect(pressed);
  });
  return press;
}

export function Tabs<Id extends string>({ idPrefix, label, tabs, selected, onSelect }: TabsProps<Id>) {
  const buttons = useRef(new Map<Id, HTMLAnchorElement>());
  const press = useTabsInAddress({ idPrefix, tabs, selected, onSelect });

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
            <a
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              href={`#${tabFragment(idPrefix, tab.id)}`}
              role="tab"
              id={tabId(idPrefix, tab.id)}
              aria-selected={active}
              aria-controls={panelId(idPrefix, tab.id)}
              tabIndex={active ? 0 : -1}
              onClick={(event) => press(event, tab.id)}
              className={`flex-1 rounded-xl px-4 py-2.5 text-center font-semibold no-underline transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary ${
                active ? 'bg-white text-brand-primary-strong shadow-sm' : 'text-ink hover:bg-white/60'
              }`}
            >
              {tab.label}
            </a>
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
