/**
 * The registration form (first name, e-mail, and an optional marketing consent box). The same
 * schema validates the plain form post and the enhanced (JavaScript) submit, so both give the
 * same messages. Name and e-mail suffice (decision 0034): the box only decides whether the
 * sequence's marketing messages (reminders, the magazine, offers) go to them; their links and
 * receipts always do.
 */
import { z } from 'zod';
import { MAX_FIRST_NAME, oneLineName } from './one-line-name.ts';
import { EMAIL_CONTROL_MESSAGE, hasControlCharacter, isEmailAddress, MAX_EMAIL_ADDRESS_LENGTH } from './email-address.ts';
import { parseFormValues } from './form-messages.ts';

export const registrationSchema = z.object({
  // One line (one-line-name.ts): line breaks in a name would become lines in the mail sent to that address.
  firstName: z
    .string()
    .transform(oneLineName)
    .pipe(
      z
        .string()
        .min(1, 'Please tell us your first name.')
        .max(MAX_FIRST_NAME, `Please keep your first name under ${MAX_FIRST_NAME} characters.`),
    ),
  email: z
    .string()
    .trim()
    // Refused, not removed: without its NUL it would be another address (email-address.ts).
    .refine((email) => !hasControlCharacter(email), EMAIL_CONTROL_MESSAGE)
    .pipe(
      z
        .string()
        .min(1, 'Please enter your e-mail address.')
        .max(MAX_EMAIL_ADDRESS_LENGTH, 'That e-mail address is too long.')
        .pipe(z.string().refine(isEmailAddress, 'Please enter a valid e-mail address, like name@example.com.')),
    )
    .transform((email) => email.toLowerCase()),
  /** Marketing consent: optional, recorded with its time and its wording (marketingConsentWording). */
  consent: z.boolean().default(false),
});

/**
 * The words beside the box, from what the edition's marketing e-mails cover (its texts'
 * consentTopics), stored with each consent so it can be shown later what was agreed to. Changing
 * them is fine: consents already given keep the words they were given with.
 */
export function marketingConsentWording(consentTopics: string): string {
  return `Yes, also send me the summit’s ${consentTopics} by e-mail. I can unsubscribe at any time.`;
}

export type RegistrationInput = z.infer<typeof registrationSchema>;
export type RegistrationField = keyof RegistrationInput;
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

/** What the visitor typed, kept to refill the form after an error. */
export interface RegistrationValues {
  firstName: string;
  email: string;
  consent: boolean;
}

export function readRegistrationForm(form: FormData | URLSearchParams): RegistrationValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { firstName: text('firstName'), email: text('email'), consent: ['on', 'true', '1'].includes(text('consent')) };
}

export function validateRegistration(
  values: RegistrationValues,
): { ok: true; data: RegistrationInput } | { ok: false; errors: RegistrationErrors } {
  const parsed = parseFormValues(registrationSchema, values);
  return parsed.ok ? parsed : { ok: false, errors: parsed.errors as RegistrationErrors };
}
