/**
 * /embed: for partners and hosts, each widget's one-line snippet with a copy button and a live
 * preview made by the same loader a partner page uses.
 */
import { widgetSnippet, type EmbeddableWidget } from '../domain/embed-page.ts';
import { CopyToast } from '../components/CopyToast.tsx';

export function EmbedGalleryPage({ origin, widgets }: { origin: string; widgets: EmbeddableWidget[] }) {
  return (
    <main className="mx-auto max-w-5xl px-6 py-12">
      <h1 className="font-serif text-4xl font-bold">Embed the summit on your site</h1>
      <p className="mt-4 max-w-3xl text-muted">
        Paste one snippet where the widget should appear. It sizes itself to its content, needs no cookies and loads only from this site. A
        plain <code>&lt;iframe&gt;</code> of the widget address works too: listen for messages of type <code>iframe-resize</code> from this
        site to size it.
      </p>
      <CopyToast />
      <ul className="mt-10 space-y-12">
        {widgets.map((entry) => {
          const id = `snippet-${entry.summit ?? 'general'}-${entry.widget}`;
          return (
            <li
              key={id}
              data-widget-entry={`${entry.summit ?? 'general'}/${entry.widget}`}
              className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink/10"
            >
              <h2 className="font-serif text-2xl font-bold">{entry.label}</h2>
              <div className="mt-4 flex flex-wrap items-start gap-3">
                {/* Focusable: a snippet wider than the screen scrolls, and the keyboard must reach it (WCAG 2.1.1). */}
                <pre
                  id={id}
                  tabIndex={0}
                  aria-label={`${entry.label}: embed snippet`}
                  className="min-w-0 flex-1 overflow-x-auto rounded-xl bg-ink p-4 text-sm text-white"
                >
                  <code>{widgetSnippet(origin, entry)}</code>
                </pre>
                <button
                  type="button"
                  data-copy-from={id}
                  className="rounded-full bg-brand-primary-strong px-5 py-2 font-semibold text-white"
                >
                  Copy snippet
                </button>
              </div>
              <h3 className="mt-6 text-sm font-semibold tracking-wide text-muted uppercase">Live preview</h3>
              {/* A window of fixed height onto the widget: the frame grows to its content inside it, so
                  nothing below moves while the previews load (layout shift 0). */}
              <div
                role="region"
                tabIndex={0}
                aria-label={`${entry.label}: live preview`}
                className="mt-2 h-[36rem] overflow-y-auto rounded-2xl bg-surface ring-1 ring-ink/5"
                data-summit-widget={entry.widget}
                data-summit={entry.summit ?? undefined}
              />
            </li>
          );
        })}
      </ul>
    </main>
  );
}
