/** A tRPC error's messages for the account forms: per field (AppError fields or zod issues), or for the form. */
export interface ErrorData {
  fields?: Record<string, string> | null;
  zodIssues?: { path: string; message: string }[] | null;
}

type ErrorLike = { message: string; data?: ErrorData | null } | null;

export function fieldMessage(error: ErrorLike, field: string): string | undefined {
  if (!error) return undefined;
  return error.data?.fields?.[field] ?? error.data?.zodIssues?.find((issue) => issue.path === field)?.message;
}

/** The error's message when no field carries it. */
export function formMessage(error: ErrorLike): string | undefined {
  if (!error) return undefined;
  const hasFields = Boolean(error.data?.fields && Object.keys(error.data.fields).length > 0) || Boolean(error.data?.zodIssues?.length);
  return hasFields ? undefined : error.message;
}

export function FieldError({ error, field }: { error: ErrorLike; field: string }) {
  const message = fieldMessage(error, field);
  return message ? (
    <span className="field-error" role="alert">
      {message}
    </span>
  ) : null;
}

export function FormError({ error }: { error: ErrorLike }) {
  const message = formMessage(error);
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}
