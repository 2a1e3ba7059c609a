/** A speaker's or partner's own page (decisions 0038, 0066): their share link, what it has brought so far, and their commission. */
import type { SpeakerPageData } from '../domain/attribution/speaker-page.ts';
import { OwnCommissionSection } from './affiliates/OwnCommission.tsx';

function Figure({ label, value, name }: { label: string; value: string; name: string }) {
  return (
    <div className="rounded-2xl bg-surface p-5" data-figure={name}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 font-serif text-4xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

export function SpeakerPage({ page }: { page: SpeakerPageData | null }) {
  return (
    <main className="min-h-screen bg-gradient-to-br from-brand-primary/10 via-surface to-brand-secondary/10 px-6 py-12">
      <div className="mx-auto max-w-2xl rounded-3xl bg-white p-8 shadow-xl">
        {page ? (
          <>
            <h1 className="font-serif text-3xl font-bold">Thank you for sharing, {page.name}</h1>
            <p className="mt-2 text-muted">{page.editionName}: what your share link has brought so far.</p>
            <p className="mt-6 text-sm font-semibold">Your share link</p>
            <p className="mt-1 break-all rounded-xl bg-brand-primary/10 px-4 py-3 font-mono text-sm" data-share-url="">
              {page.shareUrl}
            </p>
            <p className="mt-2 text-sm text-muted">
              Everyone who follows it and registers within 30 days counts for you. Add <code>?utm_campaign=newsletter</code> to see which of
              your posts worked.
            </p>
            <dl className="mt-8 grid gap-4 sm:grid-cols-3">
              <Figure label="Registrations" value={String(page.registrations)} name="registrations" />
              <Figure label="Listeners" value={String(page.listeners)} name="listeners" />
              <Figure label="Your place" value={`${page.place} of ${page.of}`} name="place" />
            </dl>
            {page.commission ? <OwnCommissionSection commission={page.commission} /> : null}
          </>
        ) : (
          <>
            <h1 className="font-serif text-3xl font-bold">This link no longer opens a page</h1>
            <p className="mt-4 text-muted">It may have been replaced by a new one. Ask the summit’s host for your current link.</p>
          </>
        )}
      </div>
    </main>
  );
}
