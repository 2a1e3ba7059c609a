/** What the site holds about one person, as the "Your data" page shows it and its download carries it (docs/decisions/0084). */
import type { ConsentRecordData } from './consent.ts';

export interface RegistrationData {
  edition: { slug: string; name: string };
  registrantId: number;
  firstName: string;
  email: string;
  pass: string;
  registeredAt: string;
  timeZone: string | null;
  marketingConsent: { givenAt: string; wording: string | null } | null;
  /** Every consent given or withdrawn, oldest first, in the words shown. */
  consents: ConsentRecordData[];
  unsubscribedAt: string | null;
  cameFrom: { shareLink: string | null; utmSource: string | null; utmMedium: string | null; utmCampaign: string | null } | null;
  passes: {
    pass: string;
    source: string;
    status: string;
    amount: number | null;
    currency: string | null;
    refunded: number;
    boughtAt: string;
    endedAt: string | null;
  }[];
  listening: { episode: string; route: string; at: string }[];
}

export interface SentMailData {
  subject: string;
  status: string;
  queuedAt: string;
  sentAt: string | null;
}

export interface RegistrantData {
  email: string;
  collectedAt: string;
  registrations: RegistrationData[];
  emails: SentMailData[];
}
