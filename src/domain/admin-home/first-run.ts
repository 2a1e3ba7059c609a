/**
 * The first-run checklist on the admin's home (docs/PRODUCT.md "Admin"): the steps from a site
 * that shows the demo to the host's own summit, live. Each step is done or not from the data
 * itself (nothing to tick by hand) and links to the form where it is done. The checklist shows
 * while a step is open; a site started without the demo starts with it.
 */

/** What the checklist is decided from, read by src/server/admin-home/first-run-facts.ts. */
export interface FirstRunFacts {
  /** The brand's name is no longer the product's default. */
  brandChanged: boolean;
  /** The host's own edition: the home page's when it is theirs, else the newest of theirs. */
  ownEdition: OwnEditionFacts | null;
  /** The site receives payment events (PAYMENT_WEBHOOK_SECRET is set). */
  paymentsConfigured: boolean;
  /** Mail goes to an SMTP server (SMTP_URL is set) rather than to files. */
  mailServer: boolean;
  /** The home page shows an edition that is not a demo edition. */
  homeIsOwn: boolean;
  /** The demo editions still on the site. */
  demoEditions: Array<{ slug: string; name: string }>;
}

export interface OwnEditionFacts {
  slug: string;
  name: string;
  /** The passes' names or prices differ from what a new edition starts with. */
  passesChanged: boolean;
  speakers: number;
  episodes: number;
  /** A message of its sequence was edited or added by the host. */
  messagesEdited: boolean;
}

export type FirstRunStepKey =
  'brand' | 'edition' | 'passes' | 'speakers' | 'episodes' | 'emails' | 'payments' | 'mail-server' | 'home-page' | 'go-live';

export interface FirstRunStep {
  key: FirstRunStepKey;
  label: string;
  /** What is done, or what to do, in a sentence. */
  note: string;
  done: boolean;
  href: string;
}

/** Where a step of the host's edition is done: its own screen once the edition exists, else the New edition form. */
const editionHref = (own: OwnEditionFacts | null, path: (slug: string) => string) => (own ? path(own.slug) : '/admin/editions/new');

/** The steps set in the server's configuration rather than in a form. */
function serverSteps(facts: FirstRunFacts, own: OwnEditionFacts | null): FirstRunStep[] {
  return [
    {
      key: 'payments',
      label: 'Payments',
      note: facts.paymentsConfigured
        ? 'The site receives your payment provider’s events.'
        : 'Set PAYMENT_WEBHOOK_SECRET (and STRIPE_SECRET_KEY for Stripe Checkout) so bought passes are granted.',
      done: facts.paymentsConfigured,
      href: '/admin/payments',
    },
    {
      key: 'mail-server',
      label: 'Mail server',
      note: facts.mailServer
        ? 'E-mails go out through your SMTP server.'
        : 'Set SMTP_URL: until then e-mails are written to files, not sent.',
      done: facts.mailServer,
      // The messages screen sends a test e-mail to the admin: the way to see the server work.
      href: editionHref(own, (slug) => `/admin/editions/${slug}/messages`),
    },
  ];
}

/** The steps, in the order a host takes them. */
export function firstRunSteps(facts: FirstRunFacts): FirstRunStep[] {
  const own = facts.ownEdition;
  const demoLeft = facts.demoEditions.length;
  return [
    {
      key: 'brand',
      label: 'Brand',
      note: facts.brandChanged
        ? 'Your site’s name, colours and legal details are set.'
        : 'Give the site your name, colours, logo and legal details.',
      done: facts.brandChanged,
      href: '/admin/brand',
    },
    {
      key: 'edition',
      label: 'Your edition',
      note: own ? `${own.name} (/${own.slug}) is yours.` : 'Make your summit’s edition: its name, dates, time zone and currency.',
      done: own !== null,
      href: own ? `/admin/editions/${own.slug}` : '/admin/editions/new',
    },
    {
      key: 'passes',
      label: 'Passes',
      note: own?.passesChanged ? 'Your passes have your names and prices.' : 'Name your passes and set their prices.',
      done: own?.passesChanged ?? false,
      href: editionHref(own, (slug) => `/admin/editions/${slug}#settings-passes`),
    },
    {
      key: 'speakers',
      label: 'Speakers',
      note: own?.speakers
        ? `${own.speakers} speaker${own.speakers === 1 ? '' : 's'}.`
        : 'Add your speakers, or import them from a spreadsheet.',
      done: (own?.speakers ?? 0) > 0,
      href: editionHref(own, (slug) => `/admin/content/speakers?edition=${slug}`),
    },
    {
      key: 'episodes',
      label: 'Episodes',
      note: own?.episodes ? `${own.episodes} episode${own.episodes === 1 ? '' : 's'}.` : 'Upload each day’s audio, or link to it.',
      done: (own?.episodes ?? 0) > 0,
      href: editionHref(own, (slug) => `/admin/editions/${slug}/episodes`),
    },
    {
      key: 'emails',
      label: 'E-mails',
      note: own?.messagesEdited
        ? 'You have written your e-mails.'
        : 'Read the e-mails your registrants will get and put them in your words.',
      done: own?.messagesEdited ?? false,
      href: editionHref(own, (slug) => `/admin/editions/${slug}/messages`),
    },
    ...serverSteps(facts, own),
    {
      key: 'home-page',
      label: 'Show on the home page',
      note: facts.homeIsOwn ? 'The home page shows your edition.' : 'Show your edition on the home page instead of the demo.',
      done: facts.homeIsOwn,
      href: '/admin/editions',
    },
    {
      key: 'go-live',
      label: 'Go live',
      note: goLiveNote(facts),
      done: facts.homeIsOwn && demoLeft === 0,
      href: '/admin/remove-demo',
    },
  ];
}

function goLiveNote({ demoEditions, homeIsOwn }: FirstRunFacts): string {
  if (demoEditions.length > 0)
    return `Remove the demo (${demoEditions.map((edition) => edition.name).join(', ')}) once your edition is on the home page.`;
  return homeIsOwn ? 'The demo is gone: the site is yours.' : 'Show your edition on the home page to go live.';
}

/** Whether the checklist shows: until every step is done. */
export function showsFirstRun(steps: readonly FirstRunStep[]): boolean {
  return steps.some((step) => !step.done);
}
