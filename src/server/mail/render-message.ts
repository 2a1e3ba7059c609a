/**
 * Renders an edition message: once per message (markdown and React are milliseconds each), with
 * sentinels where the merge fields go; then per registrant, only the sentinels are replaced.
 */
import { render } from '@react-email/render';
import { renderMarkupForEmail } from '../../markup/safe-html.ts';
import { fillSentinels, fillSubject, toSentinels, type MergeValues } from '../../domain/mail/merge-fields.ts';
import { needsMarketingConsent, type MessageCategory } from '../../domain/mail/message-kinds.ts';
import { SummitEmail } from '../../emails/summit-email.ts';

/** What every e-mail carries of the brand (decision 0034): logo, colours, name and support address. */
export interface EmailBrand {
  summitName: string;
  logoUrl: string | null;
  /** The primary colour's readable shade: links and the button-like headings. */
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  supportEmail: string | null;
  /** The brand's reply-to address, set as every message's Reply-To; null: replies go to the sender. */
  replyTo: string | null;
  siteUrl: string;
  /** The edition's words for what its marketing consent covers ("reminders and offers"), named in the footer. */
  consentTopics: string;
  /** The edition's language. */
  lang: string;
}

export interface MessageSource {
  subject: string;
  body: string;
  category: MessageCategory;
}

export interface MessageTemplate {
  subject: string;
  html: string;
  text: string;
}

export async function renderMessageTemplate(message: MessageSource, brand: EmailBrand): Promise<MessageTemplate> {
  const logoUrl = brand.logoUrl ? new URL(brand.logoUrl, brand.siteUrl).toString() : null;
  const element = SummitEmail({
    summitName: brand.summitName,
    logoUrl,
    primaryColor: brand.primaryColor,
    secondaryColor: brand.secondaryColor,
    accentColor: brand.accentColor,
    preview: toSentinels(message.subject),
    bodyHtml: renderMarkupForEmail(toSentinels(message.body)),
    // Marketing carries its unsubscribe link; everything else the page to opt in (or out).
    unsubscribeUrl: needsMarketingConsent(message.category) ? toSentinels('{{unsubscribe_link}}') : null,
    preferencesUrl: needsMarketingConsent(message.category) ? null : toSentinels('{{preferences_link}}'),
    yourDataUrl: toSentinels('{{your_data_link}}'),
    siteUrl: brand.siteUrl,
    supportEmail: brand.supportEmail,
    consentTopics: brand.consentTopics,
    lang: brand.lang,
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: message.subject, html, text };
}

export function personalise(template: MessageTemplate, values: MergeValues): MessageTemplate {
  return {
    subject: fillSubject(template.subject, values),
    html: fillSentinels(template.html, values, 'html'),
    text: fillSentinels(template.text, values, 'text'),
  };
}
