/** The e-mails the site sends. Every value from a visitor is escaped in the HTML part. */
import { teamSignOff } from '../../domain/wording.ts';
import type { OutgoingMail } from './transport.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export interface ConfirmationDetails {
  to: string;
  firstName: string;
  summitName: string;
  summitDates: string;
  siteUrl: string;
  supportEmail: string;
}

export function registrationConfirmation(details: ConfirmationDetails): OutgoingMail {
  const { firstName, summitName, summitDates, siteUrl, supportEmail } = details;
  const lines = [
    `Hi ${firstName},`,
    '',
    `You're officially registered for ${summitName}, ${summitDates}.`,
    '',
    'How you will listen: the summit is audio-only and arrives as a private podcast feed. The day before',
    'we begin we will e-mail you your personal feed link; add it to your podcast app once and each day’s',
    'episodes appear there for you to listen to on your own schedule, or download for offline.',
    '',
    'Keep an eye on your inbox: your digital magazine and the integration materials follow during the summit.',
    '',
    `Questions? Write to ${supportEmail}.`,
    '',
    `With warmth,`,
    teamSignOff(summitName),
    siteUrl,
  ];
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#1f1630;line-height:1.6">
<p>Hi ${escapeHtml(firstName)},</p>
<p>You're officially registered for <strong>${escapeHtml(summitName)}</strong>, ${escapeHtml(summitDates)}.</p>
<p><strong>How you will listen:</strong> the summit is audio-only and arrives as a private podcast feed. The day before we begin we will e-mail you your personal feed link; add it to your podcast app once and each day’s episodes appear there for you to listen to on your own schedule, or download for offline.</p>
<p>Keep an eye on your inbox: your digital magazine and the integration materials follow during the summit.</p>
<p>Questions? Write to <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>.</p>
<p>With warmth,<br>${escapeHtml(teamSignOff(summitName))}<br><a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl)}</a></p>
</body></html>`;
  return { to: details.to, subject: `You're registered: ${summitName}, ${summitDates}`, text: lines.join('\n'), html };
}
