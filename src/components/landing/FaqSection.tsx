/**
 * The FAQ as a single-open accordion made of exclusive <details> (same name): the browser opens
 * one and closes the others, an open one closes again on click, keyboard and screen readers get
 * the native disclosure behaviour, and it all works without JavaScript.
 */
import type { FaqItem } from '../../domain/entities.ts';

export function FaqSection({ items }: { items: FaqItem[] | null }) {
  return (
    <section id="faq" aria-labelledby="faq-heading" className="px-6 py-20">
      <div className="mx-auto max-w-3xl">
        <h2 id="faq-heading" className="text-center font-serif text-3xl font-bold sm:text-4xl">
          Frequently Asked Questions
        </h2>
        {items ? (
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
        ) : (
          <p role="alert" className="mt-8 text-center text-muted">
            The questions could not be loaded just now. Please try again later.
          </p>
        )}
      </div>
    </section>
  );
}
