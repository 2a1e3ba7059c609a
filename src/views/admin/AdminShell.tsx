/** The frame of every admin screen: navigation, who is signed in, sign-out. */
import type { ReactNode } from 'react';
import type { AdminNavEdition } from '../../domain/admin.ts';
import { LinkItems, SITE_SCREENS, type AdminLink } from './LinkItems.tsx';
import { OutboundPausedNotice, type OutboundPausedProps } from './OutboundPausedNotice.tsx';
import { SwitchedOffNotice } from './SwitchedOffNotice.tsx';

interface AdminShellProps {
  adminLabel: string;
  editions: AdminNavEdition[];
  title: string;
  /** Paid checkouts waiting to be assigned (/admin/payments). */
  heldPayments: number;
  /** Webhook endpoints (/admin/webhooks) and e-mail list connections (/admin/integrations) the site switched off. */
  switchedOff?: { webhooks: number; lists: number };
  /** Everything outbound paused (a restored site), with the screen to come back to after resuming. */
  outboundPaused?: OutboundPausedProps;
  children: ReactNode;
}

const LINK = 'block rounded-lg px-3 py-1.5 text-sm text-ink hover:bg-brand-primary/10';

/** After the editions (each opens on its speakers): the screens for the whole site. */
const SITE_LINKS: AdminLink[] = [
  { href: '/admin/editions', label: 'Editions, import, export' },
  SITE_SCREENS.brand,
  SITE_SCREENS.audit,
  { href: '/admin/payments', label: 'Held payments' },
  { href: '/admin/insights', label: 'Insights' },
  { href: '/admin/affiliates', label: 'Affiliates' },
  { href: '/admin/mail-delivery', label: 'Mail delivery' },
  { href: '/admin/suppressions', label: 'Suppressed addresses' },
  { href: '/admin/data-requests', label: 'Data requests' },
  { href: '/admin/webhooks', label: 'Webhooks' },
  { href: '/admin/integrations', label: 'Integrations' },
  { href: '/admin/api-tokens', label: 'API tokens' },
];

/** On every screen while any paid checkout waits for the admin: the buyer paid and has nothing yet. */
function HeldPaymentsNotice({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p role="alert" className="mb-6 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-held-payments-notice="">
      {count === 1 ? '1 paid checkout is' : `${count} paid checkouts are`} held: no registration matched {count === 1 ? 'it' : 'them'}, so
      the buyer has no pass yet.{' '}
      <a href="/admin/payments" className="font-semibold underline underline-offset-4">
        Assign {count === 1 ? 'it' : 'them'}
      </a>
    </p>
  );
}

export function AdminShell({ adminLabel, editions, title, heldPayments, switchedOff, outboundPaused, children }: AdminShellProps) {
  return (
    <div className="min-h-screen bg-surface md:grid md:grid-cols-[16rem_1fr]">
      <nav aria-label="Admin" className="border-b border-ink/10 bg-white p-4 md:min-h-screen md:border-r md:border-b-0">
        <a href="/admin" className="block font-serif text-lg font-bold">
          Summit Admin
        </a>
        <ul className="mt-4 space-y-1">
          <LinkItems
            links={[
              ...editions.map((edition) => ({ href: `/admin/content/speakers?edition=${edition.slug}`, label: edition.name })),
              ...SITE_LINKS,
            ]}
            className={LINK}
          />
        </ul>
        <form method="post" action="/admin/sign-out" className="mt-6 border-t border-ink/10 pt-4 text-sm">
          <p className="text-muted">Signed in as {adminLabel}</p>
          <button type="submit" className="mt-2 font-semibold text-brand-primary-strong underline underline-offset-4">
            Sign out
          </button>
        </form>
      </nav>
      <main className="p-6 md:p-10">
        {outboundPaused && <OutboundPausedNotice {...outboundPaused} />}
        <HeldPaymentsNotice count={heldPayments} />
        <SwitchedOffNotice counts={switchedOff} />
        <h1 className="font-serif text-3xl font-bold">{title}</h1>
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}
