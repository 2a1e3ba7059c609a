/** 'Ready to Continue Your Journey?' (docs/PRODUCT.md "Host views"): the All Access Pass offer, by the edition's name for it. */
import { ExternalLinkButton } from '../ExternalLinkButton.tsx';

export function UpgradeBanner({ allAccessUrl, passName }: { allAccessUrl: string; passName: string }) {
  return (
    <div
      data-upgrade-banner=""
      className="rounded-3xl bg-gradient-to-br from-brand-primary/15 via-white to-brand-secondary/10 p-8 text-center shadow-sm ring-1 ring-brand-primary/15 sm:p-10"
    >
      <h3 className="font-serif text-2xl font-bold text-ink sm:text-3xl">Ready to Continue Your Journey?</h3>
      <p className="mx-auto mt-4 max-w-2xl text-muted">
        The {passName} gives you 30-day extended access to every conversation, the 4-Day Integration Retreat and the bonus library.
      </p>
      <div className="mt-6">
        <ExternalLinkButton href={allAccessUrl}>{`Get the ${passName}`}</ExternalLinkButton>
      </div>
    </div>
  );
}
