/** The support contact line (SPEC.md "Dashboards"): 'Need help? Email' and a mailto link. */

/** A plain address: no spaces, one @, nothing that would add headers or break out of mailto:. */
const EMAIL = /^[^\s@<>"'?&#:/\\]+@[^\s@<>"'?&#:/\\]+\.[^\s@<>"'?&#:/\\]+$/;

export function SupportLine({ email }: { email: string }) {
  const address = email.trim();
  if (!EMAIL.test(address)) return null;
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
