/**
 * The registration form (first name, e-mail, consent). The same schema validates the plain form
 * post and the enhanced (JavaScript) submit, so both give the same messages.
 */
import { z } from 'zod';
import { withoutNul } from './entities.ts';
import { parseFormValues } from './form-messages.ts';

export const registrationSchema = z.object({
  firstName: z
    .string()
    .transform(withoutNul)
    .pipe(z.string().trim().min(1, 'Please tell us your first name.').max(100, 'Please keep your first name under 100 characters.')),
  email: z
    .string()
    .transform(withoutNul)
    .pipe(
      z
        .string()
        .trim()
        .min(1, 'Please enter your e-mail address.')
        .max(254, 'That e-mail address is too long.')
        .pipe(z.email('Please enter a valid e-mail address, like name@example.com.')),
    )
    .transform((email) => email.toLowerCase()),
  consent: z.literal(true, 'Please agree to receive the summit e-mails, so we can send you the private feed.'),
});

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
