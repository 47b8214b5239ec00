import { z } from 'zod';
import { config } from '../config';
import { passwordWeakness } from './password-strength';

const { passwordMinLength, passwordMaxLength, passwordMinScore, emailMaxLength, nameMaxLength } = config.auth;

export const emailSchema = z
  .string({ error: 'Enter your e-mail address.' })
  .trim()
  .min(1, 'Enter your e-mail address.')
  .max(emailMaxLength, `E-mail addresses are at most ${emailMaxLength} characters.`)
  .pipe(z.email('Enter a valid e-mail address, like name@example.com.'))
  .transform((v) => v.toLowerCase());

/** Length only; strength needs the other fields too (checkPasswordStrength). */
export const newPasswordField = z
  .string({ error: 'Choose a password.' })
  .min(1, 'Choose a password.')
  .min(passwordMinLength, `Use at least ${passwordMinLength} characters for your password.`)
  .max(passwordMaxLength, `Passwords are at most ${passwordMaxLength} characters.`);

/**
 * The strength rule for every place a password is set: zxcvbn, with the account's own e-mail,
 * its local part and the name counted as easy words. The message goes on the `password` field.
 */
function checkPasswordStrength(value: { password: string; email: string; name?: string }, ctx: z.RefinementCtx): void {
  const weakness = passwordStrengthProblem(value);
  if (weakness) ctx.addIssue({ code: 'custom', path: ['password'], message: weakness });
}

/** The same rule outside a schema (reset and change of password, issue 18): the message, or null. */
export function passwordStrengthProblem(value: { password: string; email: string; name?: string | null }): string | null {
  const inputs = [value.email, value.email.split('@')[0] ?? '', value.name ?? ''];
  return passwordWeakness(value.password, inputs, passwordMinScore);
}

/**
 * Runs the strength check even when another field (say the e-mail) has an error, so the form
 * shows every problem at once; skipped only when the password itself already failed.
 */
const whenPasswordParsed = {
  when: (payload: z.core.ParsePayload) =>
    !payload.issues.some((issue) => issue.path?.[0] === 'password') &&
    typeof (payload.value as { password?: unknown } | undefined)?.password === 'string',
};

export const signUpSchema = z
  .object({
    name: z
      .string()
      .trim()
      .max(nameMaxLength, `Names are at most ${nameMaxLength} characters.`)
      .optional()
      .transform((v) => (v ? v : undefined)),
    email: emailSchema,
    password: newPasswordField,
  })
  .superRefine((value, ctx) => checkPasswordStrength({ ...value, email: typeof value.email === 'string' ? value.email : '' }, ctx), whenPasswordParsed);

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
