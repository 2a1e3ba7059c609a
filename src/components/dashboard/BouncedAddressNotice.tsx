/**
 * On a registrant's dashboard when e-mail to their address could not be delivered and the site
 * stopped sending it (docs/PRODUCT.md "Suppressed addresses"): what happened, and who to ask to
 * correct it. Nothing of theirs is in it, so registrants whose address bounced share its shell.
 */
import { isEmailAddress } from '../../domain/email-address.ts';

export function BouncedAddressNotice({ supportEmail }: { supportEmail: string }) {
  const support = supportEmail.trim();
  return (
    <div role="status" data-bounced-address="" className="rounded-xl bg-amber-50 px-4 py-3 text-amber-900">
      <p className="font-medium">Our e-mails to your address are not arriving.</p>
      <p className="mt-1 text-sm">
        Your mail provider refused them, so we have stopped sending reminders and receipts there. This page keeps working.{' '}
        {isEmailAddress(support) ? (
          <>
            To get them at another address, write to{' '}
            <a href={`mailto:${support}`} className="font-medium underline underline-offset-2">
              {support}
            </a>
            .
          </>
        ) : (
          'To get them at another address, contact the summit’s team.'
        )}
      </p>
    </div>
  );
}
