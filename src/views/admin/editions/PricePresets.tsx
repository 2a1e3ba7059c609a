/**
 * SPEC.md's two price readings as presets for the passes form: each button fills both prices
 * (src/scripts/edition-form.ts); without JavaScript the host types them from the labels.
 */
import { SECONDARY_BUTTON } from '../../../components/form/styles.ts';
import type { EditionFormValues } from '../../../domain/edition-form.ts';
import { matchingReading, PRICE_READINGS, type PriceReading } from '../../../domain/offers.ts';
import { settingsName } from '../../../domain/settings-form/fields.ts';

const READING_SOURCES: Record<PriceReading, string> = {
  a: 'Reading A',
  b: 'Reading B',
};

/** Which reading the prices as stored (or typed) are, or that they are the host's own. */
function CurrentReading({ values }: { values: EditionFormValues }) {
  const price = (id: 'replay' | 'aap') => Number(values[settingsName(`upgrade.${id}.price`)] ?? NaN);
  const reading = matchingReading({ replay: { price: price('replay') }, aap: { price: price('aap') } });
  return (
    <p className="text-sm" data-current-reading={reading ?? 'own'}>
      {reading ? `The prices below are ${READING_SOURCES[reading]}.` : 'The prices below are your own.'}
    </p>
  );
}

export function PricePresets({ values }: { values: EditionFormValues }) {
  return (
    <div className="flex flex-wrap items-center gap-3" data-price-presets="">
      <CurrentReading values={values} />
      {(Object.keys(PRICE_READINGS) as PriceReading[]).map((reading) => (
        <button
          key={reading}
          type="button"
          className={SECONDARY_BUTTON}
          data-price-preset={reading}
          data-fill={JSON.stringify({
            [settingsName('upgrade.replay.price')]: String(PRICE_READINGS[reading].replay),
            [settingsName('upgrade.aap.price')]: String(PRICE_READINGS[reading].aap),
          })}
        >
          {`Use ${READING_SOURCES[reading]}: Replay Pass $${PRICE_READINGS[reading].replay}, All Access Pass $${PRICE_READINGS[reading].aap}`}
        </button>
      ))}
    </div>
  );
}
