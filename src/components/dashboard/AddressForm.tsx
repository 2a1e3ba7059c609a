/** The new address of a registrant whose address bounced, posted to /email-address (docs/decisions/0082). */
const BUTTON = 'rounded-full bg-brand-primary-strong px-6 py-3 font-semibold text-white';
const INPUT = 'mt-1 w-full rounded-xl border border-ink/20 px-4 py-3';

/** The new address, posted to /email-address (also the dashboard notice's form). */
export function AddressForm({ typed = '' }: { typed?: string }) {
  return (
    <form method="post" action="/email-address" className="mt-4 space-y-3" data-address-change-form="">
      <label className="block">
        <span className="font-medium">New e-mail address</span>
        <input type="email" name="email" required autoComplete="email" defaultValue={typed} className={INPUT} />
      </label>
      <button type="submit" className={BUTTON}>
        Send me a link to confirm it
      </button>
    </form>
  );
}
