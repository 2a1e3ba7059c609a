/**
 * On a registrant's dashboard when e-mail to their address could not be delivered and the site
 * stopped sending it (docs/PRODUCT.md "Suppressed addresses"): what happened, and the form that
 * corrects it (confirmed by a link to the new address). Nothing of theirs is in it, so registrants whose address bounced share its shell.
 */
import { isEmailAddress } from '../../domain/email-address.ts';
import { AddressForm } from './AddressForm.tsx';

export function BouncedAddressNotice({ supportEmail }: { supportEmail: string }) {
  const support = supportEmail.trim();
  return (
    <div role="status" data-bounced-address="" className="rounded-xl bg-amber-50 px-4 py-3 text-amber-900">
      <p className="font-medium">Our e-mails to your address are not arriving.</p>
      <p className="mt-1 text-sm">
        Your mail provider refused them, so we have stopped sending reminders and receipts there. This page keeps working. Give us another
        address: we send it a link, and your address changes once you confirm it.
      </p>
      <AddressForm />
      {isEmailAddress(support) ? (
        <p className="mt-2 text-sm">
          Questions? Write to{' '}
          <a href={`mailto:${support}`} className="font-medium underline underline-offset-2">
            {support}
          </a>
          .
        </p>
      ) : null}
    </div>
  );
}
