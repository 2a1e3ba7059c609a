/**
 * The one template every e-mail of an edition's sequence is rendered from (HTML and plain text
 * both come from this tree, through @react-email/render). It is written with createElement
 * rather than JSX so it also loads under Node's type stripping, outside the Astro bundle (tests,
 * bench/).
 *
 * The body arrives as sanitised HTML (src/markup/safe-html.ts) in which merge fields are still
 * sentinels; everything else is a React child, so React escapes it.
 */
import { createElement as h } from 'react';
// The components one by one: the @react-email/components bundle also loads a syntax highlighter,
// a markdown parser and Tailwind, which the boot process would pay for at every start.
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { SafeHtml } from '../markup/safe-html.ts';

export interface SummitEmailProps {
  summitName: string;
  /** Absolute URL of the brand's logo, or null for the name in text. */
  logoUrl: string | null;
  /** Links and the name in text: a shade of the primary colour that reads on white. */
  primaryColor: string;
  /** The band across the top of the card. */
  secondaryColor: string;
  /** The rule above the footer. */
  accentColor: string;
  /** The first line inbox lists show. */
  preview: string;
  /** renderMarkupForEmail's output, merge fields still sentinels. */
  bodyHtml: SafeHtml;
  /** Marketing messages: the visible unsubscribe link. Null for transactional ones. */
  unsubscribeUrl: string | null;
  /**
   * Transactional messages: the registrant's e-mail choices, where someone who registered without
   * the marketing box (or by a payment) can opt in. Null for marketing ones (they have unsubscribe).
   */
  preferencesUrl?: string | null;
  /** Every message: the registrant's "Your data" page (docs/decisions/0084); null or absent: none. */
  yourDataUrl?: string | null;
  siteUrl: string;
  supportEmail: string | null;
  /** What the marketing consent covers, in the edition's words ("reminders and offers"); '' names nothing. */
  consentTopics: string;
  lang: string;
}

const page = { backgroundColor: '#f6f4f9', fontFamily: 'Georgia, serif', color: '#1f1630', margin: 0, padding: '24px 0' };
const card = { backgroundColor: '#ffffff', borderRadius: '12px', padding: '32px', maxWidth: '560px' };
const footerText = { fontSize: '12px', color: '#6b6478', lineHeight: '18px' };

function header({ summitName, logoUrl, primaryColor }: Pick<SummitEmailProps, 'summitName' | 'logoUrl' | 'primaryColor'>) {
  const name = h(Text, { style: { fontSize: '20px', fontWeight: 700, color: primaryColor, margin: '0 0 24px' } }, summitName);
  if (!logoUrl) return name;
  return h(Img, {
    src: logoUrl,
    alt: summitName,
    height: 48,
    style: { margin: '0 0 24px', maxWidth: '100%', height: '48px', width: 'auto' },
  });
}

export function SummitEmail(props: SummitEmailProps) {
  const { summitName, primaryColor, secondaryColor, accentColor, preview, bodyHtml, unsubscribeUrl, siteUrl, supportEmail } = props;
  const preferencesUrl = props.preferencesUrl ?? null;
  const footer = [
    h(Hr, { key: 'rule', style: { borderColor: accentColor, borderTopWidth: '2px', margin: '32px 0 16px' } }),
    h(
      Text,
      { key: 'about', style: footerText },
      'You receive this because you registered for ',
      h(Link, { href: siteUrl, style: { color: primaryColor } }, summitName),
      '.',
      supportEmail
        ? [' Questions? ', h(Link, { key: 'support', href: `mailto:${supportEmail}`, style: { color: primaryColor } }, supportEmail)]
        : null,
    ),
    unsubscribeUrl
      ? h(
          Text,
          { key: 'unsubscribe', style: footerText },
          h(Link, { href: unsubscribeUrl, style: { color: primaryColor } }, 'Unsubscribe from summit e-mails'),
        )
      : preferencesUrl
        ? h(
            Text,
            { key: 'preferences', style: footerText },
            h(Link, { href: preferencesUrl, style: { color: primaryColor } }, 'Your e-mail choices'),
            props.consentTopics ? ` (the ${props.consentTopics})` : null,
          )
        : null,
    props.yourDataUrl
      ? h(Text, { key: 'your-data', style: footerText }, h(Link, { href: props.yourDataUrl, style: { color: primaryColor } }, 'Your data'))
      : null,
  ];
  return h(
    Html,
    { lang: props.lang },
    h(Head, null, h('style', null, `a{color:${primaryColor}}`)),
    h(Preview, null, preview),
    h(
      Body,
      { style: page },
      h(
        Container,
        { style: { ...card, borderTop: `6px solid ${secondaryColor}` } },
        header(props),
        h(Section, null, h('div', { style: { fontSize: '16px', lineHeight: '26px' }, dangerouslySetInnerHTML: { __html: bodyHtml } })),
        footer,
      ),
    ),
  );
}
