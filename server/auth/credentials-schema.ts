import { z } from 'zod';
import { config } from '../config';

const { passwordMinLength, passwordMaxLength, emailMaxLength, nameMaxLength } = config.auth;

export const emailSchema = z
  .string({ error: 'Enter your e-mail address.' })
  .trim()
  .min(1, 'Enter your e-mail address.')
  .max(emailMaxLength, `E-mail addresses are at most ${emailMaxLength} characters.`)
  .pipe(z.email('Enter a valid e-mail address, like name@example.com.'))
  .transform((v) => v.toLowerCase());

export const signUpSchema = z.object({
  name: z
    .string()
    .trim()
    .max(nameMaxLength, `Names are at most ${nameMaxLength} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  email: emailSchema,
  password: z
    .string({ error: 'Choose a password.' })
    .min(1, 'Choose a password.')
    .min(passwordMinLength, `Use at least ${passwordMinLength} characters for your password.`)
    .max(passwordMaxLength, `Passwords are at most ${passwordMaxLength} characters.`),
});

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(passwordMaxLength, 'Invalid e-mail or password.'),
});

export type SignUpInput = z.input<typeof signUpSchema>;
export type SignInInput = z.input<typeof signInSchema>;

/** First message per field, for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    fields[key] ??= issue.message;
  }
  return fields;
}
