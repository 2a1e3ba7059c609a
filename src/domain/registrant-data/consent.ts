/** Consent records (docs/decisions/0084): what a registrant agreed to or withdrew, in which words, when and through what. */
export const consentTopics = ['registration', 'marketing'] as const;
export type ConsentTopic = (typeof consentTopics)[number];
export const consentChoices = ['given', 'withdrawn'] as const;
export type ConsentChoice = (typeof consentChoices)[number];
export const consentSources = ['form', 'api', 'import', 'preferences', 'complaint'] as const;
export type ConsentSource = (typeof consentSources)[number];

/** What registering is, as the form says it under the marketing box: the words of the registration's own consent. */
export const REGISTRATION_NOTICE = 'Either way, we e-mail you your personal links and your private podcast feed.';

export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
  form: 'the registration form',
  api: "the host's API",
  import: "the host's import",
  preferences: 'the e-mail choices page or an unsubscribe link',
  complaint: 'a spam complaint their mail provider reported',
};

export interface ConsentRecordData {
  topic: ConsentTopic;
  choice: ConsentChoice;
  wording: string | null;
  source: ConsentSource;
  at: string;
}

/** One record in plain words: "Agreed to reminders and offers (“…”) on … through the registration form". */
export function consentSentence(record: ConsentRecordData, when: (iso: string) => string): string {
  const what = record.topic === 'registration' ? 'the registration e-mails' : 'the marketing e-mails';
  const words = record.wording ? ` (“${record.wording}”)` : '';
  const verb = record.choice === 'given' ? 'Agreed to' : 'Withdrew from';
  return `${verb} ${what}${words} on ${when(record.at)} through ${CONSENT_SOURCE_LABELS[record.source]}.`;
}
