/**
 * The product's two price readings as presets for the passes form, offered on the demo editions
 * only: each button fills both prices (src/scripts/edition-form.ts); without JavaScript the host
 * types them from the labels. The passes are named as the edition names them, in its currency.
 */
import { SECONDARY_BUTTON } from '../../../components/form/styles.ts';
import type { EditionFormValues } from '../../../domain/edition-form.ts';
import { formatMoney, majorAmount, parseMajorAmount, toMinorUnits } from '../../../domain/money.ts';
import { matchingReading, PRICE_READINGS, type PriceReading } from '../../../domain/offers.ts';
import { passKinds, type PassKind, type PassNames } from '../../../domain/passes.ts';
import { settingsName } from '../../../domain/settings-form/fields.ts';

const READING_SOURCES: Record<PriceReading, string> = {
  a: 'Reading A',
  b: 'Reading B',
};

/** The edition's currency as the form holds it ("usd" when the field is empty). */
const currencyOf = (values: EditionFormValues) => (values[settingsName('checkout.currency')] ?? '').trim().toLowerCase() || 'usd';

/** Which reading the prices as stored (or typed) are, or that they are the host's own. */
function CurrentReading({ values }: { values: EditionFormValues }) {
  const currency = currencyOf(values);
  const price = (kind: PassKind) => ({ price: parseMajorAmount(values[settingsName(`upgrade.${kind}.price`)] ?? '', currency) ?? NaN });
  const reading = matchingReading({ replay: price('replay'), aap: price('aap') }, currency);
  return (
    <p className="text-sm" data-current-reading={reading ?? 'own'}>
      {reading ? `The prices below are ${READING_SOURCES[reading]}.` : 'The prices below are your own.'}
    </p>
  );
}

export function PricePresets({ values, passNames }: { values: EditionFormValues; passNames: PassNames }) {
  const currency = currencyOf(values);
  const amount = (reading: PriceReading, kind: PassKind) => toMinorUnits(PRICE_READINGS[reading][kind], currency);
  const shown = (reading: PriceReading, kind: PassKind) => formatMoney(amount(reading, kind), currency);
  return (
    <div className="flex flex-wrap items-center gap-3" data-price-presets="">
      <CurrentReading values={values} />
      {(Object.keys(PRICE_READINGS) as PriceReading[]).map((reading) => (
        <button
          key={reading}
          type="button"
          className={SECONDARY_BUTTON}
          data-price-preset={reading}
          data-fill={JSON.stringify(
            Object.fromEntries(
              passKinds.map((kind) => [settingsName(`upgrade.${kind}.price`), majorAmount(amount(reading, kind), currency)]),
            ),
          )}
        >
          {`Use ${READING_SOURCES[reading]}: ${passKinds.map((kind) => `${passNames[kind]} ${shown(reading, kind)}`).join(', ')}`}
        </button>
      ))}
    </div>
  );
}
