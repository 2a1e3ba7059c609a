/**
 * The brand configurator's contact parts: the support and reply-to addresses, the footer's social,
 * website and legal links, and (on the admin's screen) the tab that gathers them with where
 * registering leads.
 */
import { TextField, TextFields, type FieldBinder } from './fields.tsx';

/**
 * The admin's "Contact and legal" tab: what this site shows and sends (the support and reply-to
 * addresses, the footer's website, legal and social links) and where registering leads.
 */
export function ContactPanel({ field }: { field: FieldBinder }) {
  return (
    <div className="grid gap-8">
      <EmailFields field={field} />
      <SocialAndLegal field={field} />
      <fieldset className="grid gap-6">
        <legend className="font-semibold text-ink">After registering</legend>
        <TextField
          {...field('redirectUrls.thankYou')}
          label="Thank-you page URL"
          type="url"
          placeholder="https://example.com/thank-you"
          hint="Empty: registrants see this site’s own thank-you page."
        />
      </fieldset>
    </div>
  );
}

export function SocialAndLegal({ field }: { field: FieldBinder }) {
  return (
    <>
      <fieldset className="grid gap-6">
        <legend className="font-semibold text-ink">Social links</legend>
        <TextField {...field('socialLinks.instagram')} label="Instagram" type="url" placeholder="https://instagram.com/yourname" />
        <TextField {...field('socialLinks.linkedin')} label="LinkedIn" type="url" placeholder="https://linkedin.com/in/yourname" />
        <TextField {...field('socialLinks.facebook')} label="Facebook" type="url" placeholder="https://facebook.com/yourname" />
        <TextField {...field('socialLinks.twitter')} label="Twitter" type="url" placeholder="https://twitter.com/yourname" />
      </fieldset>
      <fieldset className="grid gap-6">
        <legend className="font-semibold text-ink">Website and legal (the site footer)</legend>
        <TextFields
          field={field}
          fields={[
            { path: 'websiteUrl', label: 'Website URL', type: 'url', placeholder: 'https://example.com' },
            {
              path: 'legalInfo.companyName',
              label: 'Company name',
              type: 'text',
              placeholder: 'e.g. Sacred Business Pty Ltd',
              autoComplete: 'organization',
              maxLength: 200,
            },
            { path: 'legalInfo.privacyPolicyUrl', label: 'Privacy policy URL', type: 'url', placeholder: 'https://example.com/privacy' },
            { path: 'legalInfo.termsOfServiceUrl', label: 'Terms of service URL', type: 'url', placeholder: 'https://example.com/terms' },
          ]}
        />
      </fieldset>
    </>
  );
}

/** The support and reply-to addresses every e-mail and page names. */
export function EmailFields({ field }: { field: FieldBinder }) {
  return (
    <fieldset className="grid gap-6">
      <legend className="font-semibold text-ink">E-mail</legend>
      <TextFields
        field={field}
        fields={[
          {
            path: 'emailSettings.supportEmail',
            label: 'Support e-mail',
            type: 'email',
            placeholder: 'support@example.com',
            autoComplete: 'email',
          },
          {
            path: 'emailSettings.replyToEmail',
            label: 'Reply-to e-mail',
            type: 'email',
            placeholder: 'hello@example.com',
            autoComplete: 'email',
          },
        ]}
      />
    </fieldset>
  );
}
