/** The support contact line (docs/PRODUCT.md "Dashboards"): 'Need help? Email' and a mailto link. */
import { isEmailAddress } from '../../domain/email-address.ts';

export function SupportLine({ email }: { email: string }) {
  const address = email.trim();
  // The one address rule admits no space, header or mailto: syntax (? & # : / < >), so the link is only an address.
  if (!isEmailAddress(address)) return null;
  return (
    <p data-support-line="" className="text-center text-muted">
      Need help? Email{' '}
      <a
        href={`mailto:${address}`}
        className="font-medium text-brand-primary-strong underline underline-offset-2 hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary"
      >
        {address}
      </a>
    </p>
  );
}
