/** Only same-site paths: an open redirect after sign-in would hand attackers a trusted link. */
export function safeReturnPath(value: string | undefined | null, fallback = '/chat'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
