/**
 * The FAQ as a single-open accordion made of exclusive <details> (same name): the browser opens
 * one and closes the others, an open one closes again on click, keyboard and screen readers get
 * the native disclosure behaviour, and it all works without JavaScript.
 */
import type { FaqItem } from '../../domain/entities.ts';
import { CenteredSection } from './CenteredSection.tsx';
import { LoadFailed } from './LoadFailed.tsx';

export function FaqSection({ items, heading }: { items: FaqItem[] | null; heading: string }) {
  return (
    <CenteredSection id="faq" title={heading} className="px-6 py-20" width="max-w-3xl">
      {items ? <FaqAccordion items={items} /> : <LoadFailed what="The questions" />}
    </CenteredSection>
  );
}

function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <div className="mt-10 space-y-3">
      {items.map((item) => (
        <details
          key={item.id}
          name="faq"
          data-faq-item
          className="group rounded-2xl bg-white ring-1 ring-ink/10 open:ring-brand-primary/40"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-4 font-semibold focus-visible:outline-2 focus-visible:outline-brand-primary [&::-webkit-details-marker]:hidden">
            {item.question}
            <span aria-hidden="true" className="text-xl text-brand-primary-strong transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="px-6 pb-5 text-muted">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
