'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useCopyToClipboard } from '@/app/(app)/chat/_components/use-copy-to-clipboard';
import { useTRPC } from '@/app/_lib/trpc';
import type { RouterOutputs } from '@/server/api/root';
import { ConnectedAppActivity } from './connected-app-activity';

type Scope = 'read' | 'read_write';
type Expiry = 7 | 30 | 90 | 365 | null;
type App = RouterOutputs['accessTokens']['list'][number];

const EXPIRY_OPTIONS: { value: string; label: string; days: Expiry }[] = [
  { value: 'never', label: 'Never', days: null },
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
];

const STATE_LABEL: Record<App['state'], string> = { active: 'Active', paused: 'Paused', expired: 'Expired', revoked: 'Revoked' };
const when = (date: Date) => date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

// The endpoint is this site's own /api/mcp; read after hydration (the server has no window).
const subscribeNever = () => () => {};
const useEndpoint = () => useSyncExternalStore(subscribeNever, () => `${window.location.origin}/api/mcp`, () => '/api/mcp');

/** A new token, shown once: copy it, then it is gone from the page for good. */
function NewToken({ token, onDone }: { token: string; onDone: () => void }) {
  const { state, copy } = useCopyToClipboard();
  return (
    <div className="stack" role="status" data-testid="new-token-panel">
      <p>
        <strong>Copy this token now.</strong> Mindbase keeps only a hash of it and will not show it again.
      </p>
      <code data-testid="new-token" style={{ wordBreak: 'break-all' }}>
        {token}
      </code>
      <div className="mem-actions">
        <button type="button" onClick={() => copy(token)} data-testid="copy-token">
          {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select it and copy' : 'Copy token'}
        </button>
        <button type="button" className="secondary" onClick={onDone} data-testid="token-done">
          Done
        </button>
      </div>
    </div>
  );
}

function AppRow({ app }: { app: App }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [showActivity, setShowActivity] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.accessTokens.pathKey() });
  const pause = useMutation(trpc.accessTokens.setPaused.mutationOptions({ onSettled: refresh }));
  const revoke = useMutation(trpc.accessTokens.revoke.mutationOptions({ onSettled: refresh }));
  const live = app.state === 'active' || app.state === 'paused';
  const error = pause.error ?? revoke.error;
  return (
    <li data-testid="connected-app" data-state={app.state}>
      <strong>{app.name}</strong> <span className="muted">· {app.hint}… · {app.scope === 'read' ? 'read only' : 'read & write'}</span>{' '}
      <span data-testid="app-state">{STATE_LABEL[app.state]}</span>
      <br />
      <span className="muted">
        Created {when(app.createdAt)}
        {app.expiresAt && ` · expires ${when(app.expiresAt)}`} · last used <span data-testid="last-used">{app.lastUsedAt ? when(app.lastUsedAt) : 'never'}</span>
        {app.lastClient && ` by ${app.lastClient}`}
      </span>
      <div className="mem-actions">
        {live && (
          <button type="button" className="secondary" disabled={pause.isPending} onClick={() => pause.mutate({ id: app.id, paused: app.state !== 'paused' })}>
            {app.state === 'paused' ? 'Resume' : 'Pause'}
          </button>
        )}
        {app.state !== 'revoked' && (
          <button
            type="button"
            className="danger"
            disabled={revoke.isPending}
            onClick={() => {
              if (window.confirm(`Revoke "${app.name}"? It loses access at once; this cannot be undone.`)) revoke.mutate({ id: app.id });
            }}
          >
            Revoke
          </button>
        )}
        <button type="button" className="secondary" aria-expanded={showActivity} onClick={() => setShowActivity((v) => !v)}>
          {showActivity ? 'Hide activity' : 'Reads & writes'}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      {showActivity && <ConnectedAppActivity id={app.id} />}
    </li>
  );
}

/**
 * Settings → Connected apps (issue 17): personal access tokens for MCP clients (Claude Desktop,
 * Cursor, agents), what each app read and wrote, pause and revoke.
 */
export function ConnectedApps() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const endpoint = useEndpoint();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('read_write');
  const [expiry, setExpiry] = useState('never');
  const [created, setCreated] = useState<string | null>(null);
  const list = useQuery(trpc.accessTokens.list.queryOptions());
  const create = useMutation(
    trpc.accessTokens.create.mutationOptions({
      onSuccess: ({ token }) => {
        setCreated(token);
        setName('');
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.accessTokens.list.queryKey() }),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const days = EXPIRY_OPTIONS.find((o) => o.value === expiry)?.days ?? null;
    create.mutate({ name, scope, expiresInDays: days });
  }

  return (
    <section className="mem-section" aria-labelledby={`${id}-title`} data-testid="connected-apps">
      <h2 id={`${id}-title`}>Connected apps</h2>
      <p className="muted">
        Let an assistant such as Claude Desktop or Cursor use your memory through MCP at <code>{endpoint}</code>. Each app gets its own token; everything it reads and
        writes is listed here and in the activity log.
      </p>
      {created ? (
        <NewToken token={created} onDone={() => setCreated(null)} />
      ) : (
        <form onSubmit={submit} className="stack">
          <label>
            App name
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} placeholder="Claude Desktop" data-testid="app-name" />
          </label>
          <label>
            Access
            <select value={scope} onChange={(e) => setScope(e.target.value === 'read' ? 'read' : 'read_write')} data-testid="app-scope">
              <option value="read_write">Read &amp; write (search, remember, correct, forget)</option>
              <option value="read">Read only (search and list)</option>
            </select>
          </label>
          <label>
            Expires
            <select value={expiry} onChange={(e) => setExpiry(e.target.value)} data-testid="app-expiry">
              {EXPIRY_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <div>
            <button type="submit" disabled={create.isPending} data-testid="create-token">
              Create token
            </button>
          </div>
          {create.error && (
            <p className="form-error" role="alert">
              {create.error.message}
            </p>
          )}
        </form>
      )}
      {list.isError && (
        <p className="form-error" role="alert">
          {list.error.message}
        </p>
      )}
      {list.data && list.data.length === 0 && <p className="muted">No apps connected yet.</p>}
      {list.data && list.data.length > 0 && (
        <ul className="stack" style={{ listStyle: 'none', padding: 0 }}>
          {list.data.map((app) => (
            <AppRow key={app.id} app={app} />
          ))}
        </ul>
      )}
    </section>
  );
}
