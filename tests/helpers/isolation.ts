/**
 * Probes that try to cross the isolation boundary with raw SQL and no where clause, for every
 * user-owned table. Used by the isolation suite (must find nothing) and by the mutation suite
 * (must find the hole it just opened), so a probe that cannot fail cannot hide.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/rows';
import type { TestDatabase } from './db';
import { seedUser } from './db';

/** Owner column of each user-owned table; the catalog test keeps this list complete. */
export const OWNER_COLUMN: Record<string, string> = {
  users: 'id',
  accounts: 'user_id',
  sessions: 'user_id',
  password_credentials: 'user_id',
  conversations: 'user_id',
  messages: 'user_id',
  memories: 'user_id',
  memory_versions: 'user_id',
  memory_embeddings: 'user_id',
  audit_log: 'user_id',
  user_settings: 'user_id',
  memory_sources: 'user_id',
  outbox: 'user_id',
  recall_ledger: 'user_id',
  memory_terms: 'user_id',
  memory_term_stats: 'user_id',
  bulk_jobs: 'user_id',
  import_items: 'user_id',
  access_tokens: 'user_id',
  account_tokens: 'user_id',
};

export const USER_OWNED_TABLES = Object.keys(OWNER_COLUMN);

export interface SeededUser {
  id: string;
  conversationId: string;
  memoryId: string;
  messageId: string;
  /** A finished bulk job (an import's progress row), parent of import_items. */
  jobId: string;
}

const rand = () => crypto.randomUUID();

/** Rows of `owner` for `table`, as an insert statement (used to seed and to probe inserts). */
export function insertRowSql(table: string, owner: SeededUser) {
  const id = rand();
  const o = owner.id;
  switch (table) {
    case 'users':
      return sql`insert into users (id, email, name) values (${id}, ${`${id}@probe.test`}, 'probe')`;
    case 'accounts':
      return sql`insert into accounts (user_id, type, provider, provider_account_id) values (${o}, 'oauth', 'github', ${id})`;
    case 'sessions':
      return sql`insert into sessions (session_token, user_id, expires) values (${id}, ${o}, now() + interval '1 day')`;
    case 'password_credentials':
      return sql`insert into password_credentials (user_id, password_hash) values (${o}, 'x')`;
    case 'conversations':
      return sql`insert into conversations (id, user_id, title) values (${id}, ${o}, 'secret plans')`;
    case 'messages':
      return sql`insert into messages (conversation_id, user_id, role, content) values (${owner.conversationId}, ${o}, 'user', 'my secret')`;
    case 'memories':
      return sql`insert into memories (id, user_id, type, kind, summary, quote, status) values (${id}, ${o}, 'semantic', 'fact', 'Allergic to peanuts', 'I am allergic to peanuts', 'active')`;
    case 'memory_versions':
      return sql`insert into memory_versions (memory_id, user_id, version, actor, reason, new_summary, new_status, snapshot) values (${owner.memoryId}, ${o}, ${Math.floor(Math.random() * 1e9) + 2}, 'user', 'probe', 'x', 'active', '{}'::jsonb)`;
    case 'memory_embeddings':
      return sql`insert into memory_embeddings (memory_id, user_id, model, dimensions, embedding) values (${owner.memoryId}, ${o}, ${`probe-${id}`}, 3, '[1,0,0]')`;
    case 'audit_log':
      return sql`insert into audit_log (user_id, actor, action) values (${o}, 'user', 'memory.created')`;
    case 'user_settings':
      return sql`insert into user_settings (user_id) values (${o})`;
    case 'memory_sources':
      return sql`insert into memory_sources (memory_id, user_id, message_id, quote) values (${owner.memoryId}, ${o}, ${id}, 'I am allergic to peanuts')`;
    case 'recall_ledger':
      return sql`insert into recall_ledger (user_id, message_id, memory_id, outcome, rank, score, similarity, importance, recency, frequency, confidence_factor) values (${o}, ${owner.messageId}, ${owner.memoryId}, 'injected', 1, 0.5, 0.5, 0.5, 0.5, 0.5, 1)`;
    case 'memory_terms':
      return sql`insert into memory_terms (user_id, term, memory_id) values (${o}, ${`peanut${id.slice(0, 8)}`}, ${owner.memoryId})`;
    case 'memory_term_stats':
      // One row per user, made by the memories trigger; a seeded user already has it.
      return sql`insert into memory_term_stats (user_id, docs, len_total) values (${o}, 1, 3) on conflict (user_id) do nothing`;
    case 'bulk_jobs':
      // Finished, so a probe never collides with the one-running-job-per-user index.
      return sql`insert into bulk_jobs (id, user_id, kind, status, phase, report) values (${id}, ${o}, 'import', 'done', 'done', '{"skipped":1,"skippedItems":[{"index":0,"summary":"Allergic to peanuts","reason":"already exists"}]}'::jsonb)`;
    case 'import_items':
      return sql`insert into import_items (job_id, user_id, idx, item) values (${owner.jobId}, ${o}, ${Math.floor(Math.random() * 1e9)}, '{"summary":"Allergic to peanuts"}'::jsonb)`;
    case 'access_tokens':
      return sql`insert into access_tokens (user_id, name, token_hash, token_hint, scope) values (${o}, 'Probe app', ${`probe-${id}`}, 'mb_pat_prob', 'read_write')`;
    case 'account_tokens':
      return sql`insert into account_tokens (user_id, purpose, token_hash, email, expires_at) values (${o}, 'password_reset', ${`probe-${id}`}, 'probe@probe.test', now() + interval '30 minutes')`;
    case 'outbox':
      return sql`insert into outbox (user_id, event, payload, idempotency_key) values (${o}, 'memory/turn.completed', '{}'::jsonb, ${id})`;
    default:
      throw new Error(`insertRowSql: no template for table ${table}; add one with the new table`);
  }
}

/** A user with at least one row in every user-owned table. */
export async function seedEverything(t: TestDatabase, label: string): Promise<SeededUser> {
  const { id } = await seedUser(t.db, label);
  const user: SeededUser = { id, conversationId: rand(), memoryId: rand(), messageId: rand(), jobId: rand() };
  await t.db.execute(sql`insert into conversations (id, user_id, title) values (${user.conversationId}, ${id}, 'secret plans')`);
  await t.db.execute(
    sql`insert into memories (id, user_id, type, kind, summary, quote, status) values (${user.memoryId}, ${id}, 'semantic', 'fact', 'Allergic to peanuts', 'I am allergic to peanuts', 'active')`,
  );
  await t.db.execute(
    sql`insert into messages (id, conversation_id, user_id, role, content) values (${user.messageId}, ${user.conversationId}, ${id}, 'assistant', 'a reply')`,
  );
  await t.db.execute(sql`insert into bulk_jobs (id, user_id, kind, status, phase) values (${user.jobId}, ${id}, 'import', 'done', 'done')`);
  for (const table of USER_OWNED_TABLES) {
    if (table === 'users') continue; // seedUser made the row
    await t.db.execute(insertRowSql(table, user));
  }
  return user;
}

export interface Violation {
  table: string;
  probe: 'select' | 'update' | 'delete' | 'insert' | 'no-user-select';
  detail: string;
}

class Rollback extends Error {}

/** Runs fn as `userId` and always rolls back, so probes never change the data they inspect. */
async function probeAs<T>(t: TestDatabase, userId: string, fn: Parameters<TestDatabase['withUser']>[1]): Promise<T> {
  let result: unknown;
  try {
    await t.withUser(userId, async (tx) => {
      result = await fn(tx);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return result as T;
}

const ownersOf = (rows: Record<string, unknown>[], col: string) => rows.map((r) => String(r[col]));

/**
 * Everything B can do to A's rows through withUser(B) with raw SQL and no where clause, and
 * what the app role sees with no user set. An empty list means the boundary held.
 */
export async function findViolations(t: TestDatabase, a: SeededUser, b: SeededUser, tables = USER_OWNED_TABLES): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const table of tables) {
    const col = OWNER_COLUMN[table];
    if (!col) throw new Error(`findViolations: unknown table ${table}`);
    const ident = sql.identifier(table);
    const owner = sql.identifier(col);

    const seen = await probeAs<Record<string, unknown>[]>(t, b.id, (tx) => queryRows(tx, sql`select * from ${ident}`));
    const foreign = ownersOf(seen, col).filter((o) => o !== b.id);
    if (foreign.length > 0) violations.push({ table, probe: 'select', detail: `saw ${foreign.length} row(s) of other users` });

    const updated = await probeAs<Record<string, unknown>[]>(
      t,
      b.id,
      (tx) => queryRows(tx, sql`update ${ident} set ${owner} = ${owner} returning ${owner}`),
    );
    if (ownersOf(updated, col).some((o) => o !== b.id)) violations.push({ table, probe: 'update', detail: 'updated rows of other users' });

    const deleted = await probeAs<Record<string, unknown>[]>(t, b.id, async (tx) => {
      return queryRows(tx, sql`delete from ${ident} where ${owner} <> ${b.id} returning ${owner}`);
    }).catch((error: unknown) => {
      // A foreign-key error means the delete reached another user's row.
      return [{ [col]: `error: ${(error as Error).message}` }];
    });
    if (deleted.length > 0) violations.push({ table, probe: 'delete', detail: `deleted ${deleted.length} row(s) of other users` });

    // Owner-keyed tables (primary key = user_id) would collide with A's seeded row, so the
    // insert probe there targets a user with no row yet; everywhere else it uses A's id.
    const victim = table === 'user_settings' || table === 'password_credentials' || table === 'memory_term_stats' ? await freshVictim(t) : a;
    const insertError = await probeAs<unknown>(t, b.id, async (tx) => {
      await tx.execute(insertRowSql(table, victim));
      return null;
    }).catch((error: unknown) => error);
    const cause = insertError instanceof Error && insertError.cause instanceof Error ? insertError.cause.message : '';
    const message = insertError instanceof Error ? `${insertError.message} ${cause}` : '';
    // Refused by this table's own policy: a refusal from another table (a trigger's write) would
    // hide a hole in this one.
    if (!message.includes(`row-level security policy for table "${table}"`)) {
      violations.push({ table, probe: 'insert', detail: insertError ? `failed for another reason: ${message}` : 'inserted a row owned by another user' });
    }

    const anonymous = await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'mindbase_app', true)`);
      const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${ident}`);
      return row ?? { n: -1 };
    });
    if (anonymous.n !== 0) violations.push({ table, probe: 'no-user-select', detail: `app role without a user saw ${anonymous.n} row(s)` });
  }
  return violations;
}

async function freshVictim(t: TestDatabase): Promise<SeededUser> {
  const { id } = await seedUser(t.db, 'victim');
  return { id, conversationId: rand(), memoryId: rand(), messageId: rand(), jobId: rand() };
}
