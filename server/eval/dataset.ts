/**
 * Recall evaluation datasets, format version 1 (documented in tests/fixtures/eval/README.md):
 * users with dated multi-turn sessions that the harness replays through the write pipeline, and
 * queries whose injected memory text is scored against `expect`. Pure: no database, no
 * `server-only`, so the CLI and unit tests can load it directly.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/** Bad dataset input. `issues` are `path: problem` lines, e.g. `queries[5].user: unknown user "bob"`. */
export class DatasetError extends Error {
  readonly issues: readonly string[];

  constructor(issues: readonly string[], options: { source?: string; cause?: unknown } = {}) {
    const prefix = options.source === undefined ? '' : `${options.source}: `;
    super(issues.map((issue) => `${prefix}${issue}`).join('\n'), { cause: options.cause });
    this.name = 'DatasetError';
    this.issues = issues;
  }
}

/** Past this many problems a broken file says "… and N more" instead of a wall of text. */
const MAX_REPORTED_ISSUES = 20;

// A missing key reads better as "is required" than as a type mismatch against `undefined`.
const problem = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : message;

const nonEmptyString = (message = 'must be a non-empty string') =>
  z.string({ error: problem(message) }).trim().min(1, message);

const isoDateTime = z.iso.datetime({
  offset: true,
  error: problem('must be an ISO 8601 date-time with a time zone designator, e.g. "2026-01-05T09:00:00Z"'),
});

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const turnSchema = z.strictObject(
  {
    /** Optional; unique across the user's sessions. Queries name it in `expect.sources`. */
    id: nonEmptyString().optional(),
    role: z.enum(['user', 'assistant'], { error: problem('must be "user" or "assistant"') }),
    text: nonEmptyString(),
  },
  { error: problem('must be an object { id?, role, text }') },
);

const sessionSchema = z.strictObject(
  {
    id: nonEmptyString(),
    at: isoDateTime,
    turns: z
      .array(turnSchema, { error: problem('must be an array of turns') })
      .min(1, 'must contain at least one turn'),
  },
  { error: problem('must be an object { id, at, turns }') },
);

const userSchema = z.strictObject(
  {
    id: nonEmptyString(),
    timeZone: z
      .string({ error: problem('must be an IANA time zone name, e.g. "Europe/Berlin"') })
      .refine(isTimeZone, 'must be an IANA time zone name, e.g. "Europe/Berlin"')
      .default('UTC'),
    sessions: z
      .array(sessionSchema, { error: problem('must be an array of sessions') })
      .min(1, 'must contain at least one session'),
  },
  { error: problem('must be an object { id, timeZone?, sessions }') },
);

const GROUP_MESSAGE = 'must be a non-empty array of strings';

/** One include group: alternatives, any of which satisfies it (e.g. ["peanut", "花生"]). */
const includeGroupSchema = z.array(nonEmptyString(), { error: problem(GROUP_MESSAGE) }).min(1, GROUP_MESSAGE);

const expectSchema = z
  .strictObject(
    {
      include: z
        .array(includeGroupSchema, { error: problem('must be an array of string arrays, e.g. [["tea", "茶"]]') })
        .default([]),
      exclude: z.array(nonEmptyString(), { error: problem('must be an array of strings') }).default([]),
      /** Turn ids (of the query's user) whose words a correct memory must come from. */
      sources: z.array(nonEmptyString(), { error: problem('must be an array of turn ids') }).default([]),
    },
    { error: problem('must be an object { include?, exclude?, sources? }') },
  )
  .refine((e) => e.include.length > 0 || e.exclude.length > 0 || e.sources.length > 0, 'must have at least one include group, exclude string or source');

const querySchema = z.strictObject(
  {
    id: nonEmptyString(),
    user: nonEmptyString(),
    at: isoDateTime,
    text: nonEmptyString(),
    tags: z.array(nonEmptyString(), { error: problem('must be an array of strings') }).default([]),
    expect: expectSchema,
  },
  { error: problem('must be an object { id, user, at, text, tags?, expect }') },
);

// Case-insensitive; NFKC folds full-width forms (Ａ, １) that Chinese text often carries, and
// runs of whitespace compare equal so a line break inside the memory text does not hide a phrase.
const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');

type Ctx = z.core.$RefinementCtx<unknown>;

function duplicates<T extends { id: string }>(items: readonly T[], onDuplicate: (index: number, id: string) => void): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) onDuplicate(index, item.id);
    seen.add(item.id);
  });
}

/** Rules that span fields. They run once every field has the right shape (see `when` below). */
function crossFieldRules(dataset: z.output<typeof baseSchema>, ctx: Ctx): void {
  duplicates(dataset.users, (u, id) =>
    ctx.addIssue({ code: 'custom', path: ['users', u, 'id'], message: `duplicate user id "${id}"` }),
  );
  dataset.users.forEach((user, u) =>
    duplicates(user.sessions, (s, id) =>
      ctx.addIssue({
        code: 'custom',
        path: ['users', u, 'sessions', s, 'id'],
        message: `duplicate session id "${id}" for user "${user.id}"`,
      }),
    ),
  );
  const turnsByUser = new Map<string, Map<string, 'user' | 'assistant'>>();
  dataset.users.forEach((user, u) => {
    const turns = new Map<string, 'user' | 'assistant'>();
    user.sessions.forEach((session, s) =>
      session.turns.forEach((turn, t) => {
        if (turn.id === undefined) return;
        if (turns.has(turn.id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['users', u, 'sessions', s, 'turns', t, 'id'],
            message: `duplicate turn id "${turn.id}" for user "${user.id}" (turn ids are unique across a user's sessions)`,
          });
        }
        turns.set(turn.id, turn.role);
      }),
    );
    turnsByUser.set(user.id, turns);
  });
  duplicates(dataset.queries, (q, id) =>
    ctx.addIssue({ code: 'custom', path: ['queries', q, 'id'], message: `duplicate query id "${id}"` }),
  );

  const users = new Map(dataset.users.map((user) => [user.id, user]));
  dataset.queries.forEach((query, q) => {
    const user = users.get(query.user);
    if (!user) {
      ctx.addIssue({ code: 'custom', path: ['queries', q, 'user'], message: `unknown user "${query.user}"` });
      return;
    }
    // The harness replays every session before it asks; a query dated earlier would see memories
    // from its own future.
    const asked = Date.parse(query.at);
    const later = user.sessions.find((session) => Date.parse(session.at) >= asked);
    if (later) {
      ctx.addIssue({
        code: 'custom',
        path: ['queries', q, 'at'],
        message: `must be after every session of user "${user.id}", but session "${later.id}" is at ${later.at}`,
      });
    }

    const turns = turnsByUser.get(user.id) ?? new Map<string, 'user' | 'assistant'>();
    query.expect.sources.forEach((source, i) => {
      const role = turns.get(source);
      const path = ['queries', q, 'expect', 'sources', i];
      if (role === undefined) ctx.addIssue({ code: 'custom', path, message: `query "${query.id}" names unknown turn id "${source}" of user "${user.id}"` });
      else if (role !== 'user') ctx.addIssue({ code: 'custom', path, message: `query "${query.id}" names "${source}", an assistant turn; sources are the user's own turns` });
    });

    // A group whose every alternative contains an excluded string can never pass.
    const excluded = query.expect.exclude.map(normalise);
    query.expect.include.forEach((group, g) => {
      const blocked = group.map((alt) => excluded.find((ex) => normalise(alt).includes(ex)));
      if (blocked.length > 0 && blocked.every((ex) => ex !== undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: ['queries', q, 'expect', 'include', g],
          message: `can never pass: every alternative contains an excluded string ("${blocked[0]}")`,
        });
      }
    });
  });
}

const baseSchema = z.strictObject(
  {
    version: z.literal(1, { error: 'must be 1 (this harness reads dataset format version 1)' }),
    name: nonEmptyString(),
    users: z.array(userSchema, { error: problem('must be an array of users') }).min(1, 'must contain at least one user'),
    queries: z
      .array(querySchema, { error: problem('must be an array of queries') })
      .min(1, 'must contain at least one query'),
  },
  { error: problem('must be a JSON object { version, name, users, queries }') },
);

// Only on a well-formed dataset: a bad date or a blank id would otherwise echo as a second,
// confusing cross-field problem ("query before session 12/01/2026").
export const datasetSchema = baseSchema.superRefine(crossFieldRules, { when: (payload) => payload.issues.length === 0 });

export type EvalDataset = z.output<typeof datasetSchema>;
export type EvalUser = EvalDataset['users'][number];
export type EvalSession = EvalUser['sessions'][number];
export type EvalTurn = EvalSession['turns'][number];
export type EvalQuery = EvalDataset['queries'][number];
/** What a query expects; the input form (fields optional) is accepted too. */
export type EvalExpect = { include?: readonly (readonly string[])[]; exclude?: readonly string[]; sources?: readonly string[] };

/** `['queries', 3, 'expect', 'include', 0]` → `queries[3].expect.include[0]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? 'dataset' : out;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = formatPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `"${key}"`).join(', ');
    return `${where}: unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}`;
  }
  return `${where}: ${issue.message}`;
}

function issueLines(error: z.ZodError): string[] {
  const lines = error.issues.map(describeIssue);
  if (lines.length <= MAX_REPORTED_ISSUES) return lines;
  return [...lines.slice(0, MAX_REPORTED_ISSUES), `… and ${lines.length - MAX_REPORTED_ISSUES} more`];
}

/** Validates parsed JSON as a version-1 dataset; throws `DatasetError` naming every bad field. */
export function parseDataset(json: unknown, options: { source?: string } = {}): EvalDataset {
  const result = datasetSchema.safeParse(json);
  if (!result.success) throw new DatasetError(issueLines(result.error), { source: options.source });
  return result.data;
}

/** "at position 123" → "line 5, column 3", which is what an editor can jump to. */
function syntaxErrorMessage(error: SyntaxError, text: string): string {
  const position = /at position (\d+)/.exec(error.message);
  if (!position || /\(line \d+/.test(error.message)) return error.message;
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${error.message} (line ${line}, column ${column})`;
}

/** Reads and validates a dataset file; errors name the file, and the field or JSON position. */
export async function loadDataset(path: string): Promise<EvalDataset> {
  let raw: string;
  try {
    raw = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory; pass its dataset files (e.g. dir/*.json)' : `cannot be read (${code ?? 'unknown error'})`;
    throw new DatasetError([why], { source: path, cause: error });
  }
  const text = raw.replace(/^\uFEFF/, '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw new DatasetError([`invalid JSON: ${syntaxErrorMessage(error, text)}`], { source: path, cause: error });
  }
  return parseDataset(json, { source: path });
}

export interface ScoreResult {
  pass: boolean;
  /** Include groups with at least one alternative present. */
  includeHits: number;
  includeGroups: number;
  /** Exclude strings found, as spelled in the dataset. */
  excludeViolations: string[];
}

/**
 * Scores the memory text injected for one query: every include group needs one of its strings,
 * and no exclude string may appear. Plain substring matching, so datasets pick distinctive words.
 */
export function scoreInjected(text: string, expect: EvalExpect): ScoreResult {
  const haystack = normalise(text);
  // An empty needle would match anything; the schema forbids it, and here it never counts.
  const found = (needle: string) => {
    const n = normalise(needle).trim();
    return n !== '' && haystack.includes(n);
  };
  const groups = expect.include ?? [];
  const includeHits = groups.filter((group) => group.some(found)).length;
  const excludeViolations = (expect.exclude ?? []).filter(found);
  return {
    pass: includeHits === groups.length && excludeViolations.length === 0,
    includeHits,
    includeGroups: groups.length,
    excludeViolations,
  };
}
