/** The e-mails the site sends. Every value from a visitor is escaped in the HTML part. */
import { teamSignOff } from '../../domain/wording.ts';
import type { OutgoingMail } from './transport.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The personal links every registrant mail carries. */
export interface MailLinks {
  day1: string;
  dashboard: string;
  /** The registrant's private podcast feed (src/server/feed): personal, so it is theirs alone. */
  feed: string;
}

interface Letter {
  to: string;
  subject: string;
  firstName: string;
  /** Paragraphs of plain text; the HTML part escapes them. */
  paragraphs: string[];
  links: MailLinks;
  summitName: string;
  siteUrl: string;
  supportEmail: string;
}

const linkLines = (links: MailLinks) => [
  'Your personal links (keep them to yourself: they sign you in):',
  `Day 1: ${links.day1}`,
  `Your dashboard: ${links.dashboard}`,
  `Your personal feed link (in your podcast app choose "Add a show by URL"): ${links.feed}`,
];

function letter({ to, subject, firstName, paragraphs, links, summitName, siteUrl, supportEmail }: Letter): OutgoingMail {
  const signOff = teamSignOff(summitName);
  const text = [
    `Hi ${firstName},`,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...linkLines(links),
    '',
    `Questions? Write to ${supportEmail}.`,
    '',
    'With warmth,',
    signOff,
    siteUrl,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#1f1630;line-height:1.6">
<p>Hi ${escapeHtml(firstName)},</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><strong>Your personal links</strong> (keep them to yourself: they sign you in):</p>
<ul><li><a href="${escapeHtml(links.day1)}">Day 1</a></li><li><a href="${escapeHtml(links.dashboard)}">Your dashboard</a></li><li>Your personal feed link (in your podcast app choose “Add a show by URL”): <a href="${escapeHtml(links.feed)}">${escapeHtml(links.feed)}</a></li></ul>
<p>Questions? Write to <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>.</p>
<p>With warmth,<br>${escapeHtml(signOff)}<br><a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl)}</a></p>
</body></html>`;
  return { to, subject, text, html };
}

export interface ConfirmationDetails {
  to: string;
  firstName: string;
  summitName: string;
  summitDates: string;
  siteUrl: string;
  supportEmail: string;
  links: MailLinks;
}

export function registrationConfirmation(details: ConfirmationDetails): OutgoingMail {
  const { summitName, summitDates } = details;
  return letter({
    ...details,
    subject: `You're registered: ${summitName}, ${summitDates}`,
    paragraphs: [
      `You're officially registered for ${summitName}, ${summitDates}.`,
      'How you will listen: the summit is audio-only and arrives as a private podcast feed. Your personal links below open each day’s page on any device; add the feed to your podcast app once and each day’s episodes appear there for you to listen to on your own schedule, or download for offline.',
      'Keep an eye on your inbox: your digital magazine and the integration materials follow during the summit.',
    ],
  });
}

/** "Find my access": the links again, for someone who lost them. */
export function accessLinkMail(details: Omit<ConfirmationDetails, 'summitDates'>): OutgoingMail {
  return letter({
    ...details,
    subject: `Your access to ${details.summitName}`,
    paragraphs: ['You asked for your personal access links. Open one on any device to pick up where you left off.'],
  });
}
