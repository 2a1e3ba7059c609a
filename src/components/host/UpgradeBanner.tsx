/** 'Ready to Continue Your Journey?' (docs/PRODUCT.md "Host views"): the All Access offer, by the edition's name for it and in its words. */
import { ExternalLinkButton } from '../ExternalLinkButton.tsx';

export interface UpgradeBannerProps {
  allAccessUrl: string;
  passName: string;
  /** The edition's heading and text, the pass name filled in. */
  texts: { heading: string; text: string };
}

export function UpgradeBanner({ allAccessUrl, passName, texts }: UpgradeBannerProps) {
  return (
    <div
      data-upgrade-banner=""
      className="rounded-3xl bg-gradient-to-br from-brand-primary/15 via-white to-brand-secondary/10 p-8 text-center shadow-sm ring-1 ring-brand-primary/15 sm:p-10"
    >
      {texts.heading ? <h3 className="font-serif text-2xl font-bold text-ink sm:text-3xl">{texts.heading}</h3> : null}
      {texts.text ? <p className="mx-auto mt-4 max-w-2xl text-muted">{texts.text}</p> : null}
      <div className="mt-6">
        <ExternalLinkButton href={allAccessUrl}>{`Get the ${passName}`}</ExternalLinkButton>
      </div>
    </div>
  );
}
