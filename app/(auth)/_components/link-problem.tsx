import Link from 'next/link';

const TEXT: Record<'invalid' | 'expired' | 'used' | 'taken', string> = {
  invalid: 'This link is not valid. It may be mistyped, or a newer link has replaced it.',
  expired: 'This link has expired.',
  used: 'This link has already been used.',
  taken: 'Another account now uses this address, so it cannot be yours. Nothing was changed.',
};

/** A link that cannot be used: why, that nothing changed, and the way to a new one. */
export function LinkProblem({ reason, again }: { reason: keyof typeof TEXT; again: { href: string; label: string } }) {
  return (
    <main className="auth-page">
      <div className="auth-card stack" data-testid="link-problem">
        <h1 className="brand">Mindbase</h1>
        <p className="form-error" role="alert">
          {TEXT[reason]}
        </p>
        {reason !== 'taken' && <p className="muted">Nothing was changed.</p>}
        <Link href={again.href}>
          {again.label}
        </Link>
      </div>
    </main>
  );
}
