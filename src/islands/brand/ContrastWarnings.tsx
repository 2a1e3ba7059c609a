/**
 * The readable-colours check of the brand configurator (decision 0039), on /brand-config and
 * the admin's brand screen alike: every brand colour whose text pair falls under 4.5:1, with the
 * nearest shade that passes (src/domain/brand-contrast.ts) and a button that takes it. A polite
 * live region, so a screen reader hears a new warning as the colour is typed.
 */
import { brandContrastWarnings, formatRatio, TEXT_CONTRAST_MINIMUM } from '../../domain/brand-contrast.ts';
import type { ColourPath, FormValues } from './form-model.ts';

export function ContrastWarnings({ values, takeShade }: { values: FormValues; takeShade: (path: ColourPath, hex: string) => void }) {
  const warnings = brandContrastWarnings(values);
  return (
    <div data-contrast-warnings="" aria-live="polite" className="text-sm">
      {warnings.length === 0 ? (
        <p className="text-muted">Each colour reads at {TEXT_CONTRAST_MINIMUM}:1 or more as text on white and behind white text.</p>
      ) : (
        <div className="rounded-xl bg-amber-50 p-4 text-ink ring-1 ring-amber-300">
          <p className="font-semibold">Some colours are hard to read as text (under {TEXT_CONTRAST_MINIMUM}:1)</p>
          <p className="mt-1 text-muted">
            The site writes its own text in the primary colour’s strong shade, which always passes. Wherever you put text in or on these
            colours yourself (e-mails, graphics, other pages), use the shade suggested.
          </p>
          <ul className="mt-3 space-y-2">
            {warnings.map((warning) => (
              <li key={warning.path} data-contrast-warning={warning.path} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span>
                  {warning.pair}: <strong>{formatRatio(warning.ratio)}</strong>. Nearest passing shade:{' '}
                  <code className="font-mono">{warning.suggestion}</code>
                </span>
                <button
                  type="button"
                  onClick={() => takeShade(warning.path, warning.suggestion)}
                  className="rounded-full bg-white px-3 py-1 font-semibold text-ink ring-1 ring-ink/20 hover:bg-amber-100"
                >
                  Use {warning.suggestion} for {warning.name.toLowerCase()}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
