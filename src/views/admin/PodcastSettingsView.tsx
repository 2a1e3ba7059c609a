/**
 * /admin/editions/{slug}/podcast: what the registrants' private feeds say about the show (decision 0034): square artwork checked against Apple's sizes, Apple's category, the author and the
 * owner. Empty fields fall back to the brand's.
 */
import { categoryChoices, categoryValue } from '../../domain/podcast/apple-categories.ts';
import { ARTWORK_MAX_PX, ARTWORK_MIN_PX, type PodcastFormErrors, type PodcastFormValues } from '../../domain/podcast/show-settings.ts';
import { Field } from '../../components/form/Field.tsx';
import { FileField } from '../../components/form/FileField.tsx';
import { CARD, FILE_INPUT, INPUT, LINK, PRIMARY_BUTTON } from '../../components/form/styles.ts';
import { MAX_EMAIL_ADDRESS_LENGTH } from '../../domain/email-address.ts';
import { OutcomeNotice } from '../../components/form/OutcomeNotice.tsx';

export interface PodcastSettingsViewProps {
  slug: string;
  editionName: string;
  values: PodcastFormValues;
  errors: PodcastFormErrors;
  /** The artwork the feeds show now (the edition's, or the site's default). */
  artwork: { url: string; own: boolean };
  /** What empty fields fall back to. */
  defaults: { author: string; ownerEmail: string | null };
  notice?: { ok: boolean; text: string } | undefined;
}

const messagesOf = (errors: PodcastFormErrors, name: keyof PodcastFormErrors) => (errors[name] ? [errors[name] as string] : undefined);

function Artwork({ artwork, errors }: Pick<PodcastSettingsViewProps, 'artwork' | 'errors'>) {
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">Artwork</legend>
      <div className="flex items-center gap-4">
        <img
          src={artwork.url}
          alt="The podcast artwork"
          width={120}
          height={120}
          className="rounded-xl ring-1 ring-ink/10"
          data-artwork=""
        />
        <p className="text-sm text-muted">
          {artwork.own ? 'The edition’s own artwork.' : 'The site’s default artwork: upload the edition’s own.'}
        </p>
      </div>
      <FileField
        name="artwork"
        label="Upload square artwork"
        accept="image/jpeg,image/png"
        help={`JPEG or PNG, square, from ${ARTWORK_MIN_PX} × ${ARTWORK_MIN_PX} to ${ARTWORK_MAX_PX} × ${ARTWORK_MAX_PX} pixels, in RGB colour without transparency (Apple Podcasts’ rules).`}
        messages={messagesOf(errors, 'artwork')}
        className={FILE_INPUT}
      />
      {artwork.own ? (
        <Field
          name="removeArtwork"
          label="Use the site’s default artwork instead"
          checkbox={(control) => <input {...control} type="checkbox" />}
        />
      ) : null}
    </fieldset>
  );
}

export function PodcastSettingsView({ slug, editionName, values, errors, artwork, defaults, notice }: PodcastSettingsViewProps) {
  return (
    <div className="max-w-3xl space-y-6">
      <OutcomeNotice outcome={notice} />
      <p className="text-sm text-muted">
        What {editionName}’s private podcast feeds tell podcast apps about the show.{' '}
        <a className={LINK} href={`/admin/editions/${slug}`}>
          Back to the edition
        </a>
      </p>
      <form method="post" encType="multipart/form-data" className={`${CARD} space-y-6`}>
        <Artwork artwork={artwork} errors={errors} />
        <Field name="category" label="Category (Apple Podcasts)" messages={messagesOf(errors, 'category')}>
          {(control) => (
            <select {...control} defaultValue={values.category} className={INPUT}>
              <option value="">No category</option>
              {categoryChoices().map((choice) => (
                <option key={categoryValue(choice)} value={categoryValue(choice)}>
                  {choice.subcategory ? `${choice.category}: ${choice.subcategory}` : choice.category}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="author" label="Author" help={`Empty: “${defaults.author}”.`} messages={messagesOf(errors, 'author')}>
          {(control) => <input {...control} type="text" maxLength={200} defaultValue={values.author} className={INPUT} />}
        </Field>
        <Field name="ownerName" label="Owner’s name" help="Empty: the author." messages={messagesOf(errors, 'ownerName')}>
          {(control) => <input {...control} type="text" maxLength={200} defaultValue={values.ownerName} className={INPUT} />}
        </Field>
        <Field
          name="ownerEmail"
          label="Owner’s e-mail"
          help={`Podcast apps ask the owner before anyone may import the feed. Empty: ${defaults.ownerEmail ?? 'none'}.`}
          messages={messagesOf(errors, 'ownerEmail')}
        >
          {(control) => (
            <input {...control} type="email" maxLength={MAX_EMAIL_ADDRESS_LENGTH} defaultValue={values.ownerEmail} className={INPUT} />
          )}
        </Field>
        <button type="submit" className={PRIMARY_BUTTON}>
          Save
        </button>
      </form>
    </div>
  );
}
