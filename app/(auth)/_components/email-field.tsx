import { FieldAlert } from './form-alerts';

/** The e-mail input of the sign-in, sign-up and forgot-password forms, with its error tied to it. */
export function EmailField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  return (
    <label>
      E-mail
      <input
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={defaultValue}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'email-error' : undefined}
      />
      <FieldAlert id="email-error" message={error} />
    </label>
  );
}
