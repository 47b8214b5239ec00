import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DatasetError,
  type EvalDataset,
  loadDataset,
  parseDataset,
  scoreInjected,
} from '@/server/eval/dataset';
import { HOW_TO_RESPOND_HEADER, MEMORY_SECTION_HEADER } from '@/server/llm/memory-section';

const FIXTURES = path.join(import.meta.dirname, '../../fixtures/eval');

/** A small valid dataset; each error case breaks one thing in a fresh copy. */
function validDataset() {
  return {
    version: 1,
    name: 'tiny',
    users: [
      {
        id: 'alice',
        timeZone: 'Europe/Berlin',
        sessions: [
          {
            id: 's1',
            at: '2026-01-05T09:00:00Z',
            turns: [
              { role: 'user', text: "I'm allergic to peanuts." },
              { role: 'assistant', text: 'Noted, no peanuts.' },
            ],
          },
          { id: 's2', at: '2026-01-12T09:00:00+01:00', turns: [{ role: 'user', text: 'I love green tea.' }] },
        ],
      },
      { id: 'bob', sessions: [{ id: 's1', at: '2026-01-06T09:00:00Z', turns: [{ role: 'user', text: 'I love mango.' }] }] },
    ],
    queries: [
      {
        id: 'q1',
        user: 'alice',
        at: '2026-02-01T09:00:00Z',
        text: "Anything I can't eat?",
        tags: ['paraphrase'],
        expect: { include: [['peanut', '花生']], exclude: ['mango'] },
      },
      { id: 'q2', user: 'bob', at: '2026-02-01T09:00:00Z', text: 'What fruit do I like?', expect: { include: [['mango']] } },
    ],
  };
}
type Raw = ReturnType<typeof validDataset>;

function errorOf(mutate: (d: Raw) => void): DatasetError {
  const raw = validDataset();
  mutate(raw);
  try {
    parseDataset(raw);
  } catch (error) {
    if (error instanceof DatasetError) return error;
    throw error;
  }
  throw new Error('expected parseDataset to throw');
}

/** Writes `raw` to a unique temp file so `loadDataset` has something to read. */
async function tempFile(name: string, contents: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mindbase-eval-'));
  const file = path.join(dir, name);
  await writeFile(file, contents, 'utf8');
  return file;
}

describe('parseDataset', () => {
  it('accepts a valid dataset and fills defaults', () => {
    const dataset = parseDataset(validDataset());
    expect(dataset.users[1]?.timeZone).toBe('UTC');
    expect(dataset.queries[1]?.tags).toEqual([]);
    expect(dataset.queries[1]?.expect).toEqual({ include: [['mango']], exclude: [], sources: [] });
  });

  it('accepts turn ids and sources that name the user’s own turns', () => {
    const raw = validDataset() as Raw & { queries: { expect: { sources?: string[] } }[] };
    const turns = raw.users[0]!.sessions[0]!.turns as { id?: string; role: string; text: string }[];
    turns[0]!.id = 't1';
    turns[1]!.id = 't2';
    raw.queries[0]!.expect.sources = ['t1'];
    expect(parseDataset(raw).queries[0]?.expect.sources).toEqual(['t1']);
  });

  it('accepts sessions of a user in any order (the runner sorts them)', () => {
    const raw = validDataset();
    raw.users[0]!.sessions.reverse();
    expect(() => parseDataset(raw)).not.toThrow();
  });

  it.each<[string, (d: Raw) => void, string]>([
    [
      'an empty include group',
      (d) => (d.queries[0]!.expect.include[0] = []),
      'queries[0].expect.include[0]: must be a non-empty array of strings',
    ],
    [
      'an include group written as a bare string',
      (d) => ((d.queries[0]!.expect.include as unknown[])[0] = 'peanut'),
      'queries[0].expect.include[0]: must be a non-empty array of strings',
    ],
    [
      'a blank include alternative',
      (d) => (d.queries[0]!.expect.include[0] = ['peanut', '  ']),
      'queries[0].expect.include[0][1]: must be a non-empty string',
    ],
    [
      'an empty exclude string',
      (d) => (d.queries[0]!.expect.exclude = ['']),
      'queries[0].expect.exclude[0]: must be a non-empty string',
    ],
    [
      'a session time that is not ISO 8601',
      (d) => (d.users[0]!.sessions[1]!.at = '12/01/2026 09:00'),
      'users[0].sessions[1].at: must be an ISO 8601 date-time with a time zone designator, e.g. "2026-01-05T09:00:00Z"',
    ],
    [
      'a date-time without a time zone',
      (d) => (d.queries[1]!.at = '2026-02-01T09:00:00'),
      'queries[1].at: must be an ISO 8601 date-time with a time zone designator, e.g. "2026-01-05T09:00:00Z"',
    ],
    [
      'a query for an unknown user',
      (d) => (d.queries[1]!.user = 'carol'),
      'queries[1].user: unknown user "carol"',
    ],
    [
      'a duplicate user id',
      (d) => {
        d.users[1]!.id = 'alice';
        d.queries[1]!.user = 'alice';
      },
      'users[1].id: duplicate user id "alice"',
    ],
    [
      'a duplicate session id within a user',
      (d) => (d.users[0]!.sessions[1]!.id = 's1'),
      'users[0].sessions[1].id: duplicate session id "s1" for user "alice"',
    ],
    ['a duplicate query id', (d) => (d.queries[1]!.id = 'q1'), 'queries[1].id: duplicate query id "q1"'],
    [
      'a session without turns',
      (d) => (d.users[1]!.sessions[0]!.turns = []),
      'users[1].sessions[0].turns: must contain at least one turn',
    ],
    [
      'a blank turn',
      (d) => (d.users[0]!.sessions[0]!.turns[1]!.text = ' \n '),
      'users[0].sessions[0].turns[1].text: must be a non-empty string',
    ],
    [
      'an unknown role',
      (d) => (d.users[0]!.sessions[0]!.turns[0]!.role = 'system'),
      'users[0].sessions[0].turns[0].role: must be "user" or "assistant"',
    ],
    ['a missing query text', (d) => delete (d.queries[0] as { text?: string }).text, 'queries[0].text: is required'],
    [
      'a misspelt key',
      (d) => Object.assign(d.queries[0]!.expect, { exlude: ['x'] }),
      'queries[0].expect: unknown field "exlude"',
    ],
    ['another format version', (d) => (d.version = 2), 'version: must be 1 (this harness reads dataset format version 1)'],
    [
      'an unknown time zone',
      (d) => (d.users[0]!.timeZone = 'Mars/Olympus_Mons'),
      'users[0].timeZone: must be an IANA time zone name, e.g. "Europe/Berlin"',
    ],
    [
      'an expectation with nothing to check',
      (d) => (d.queries[1]!.expect = { include: [] }),
      'queries[1].expect: must have at least one include group, exclude string or source',
    ],
    [
      'a source naming a turn id the user does not have',
      (d) => ((d.queries[0]!.expect as { sources?: string[] }).sources = ['t9']),
      'queries[0].expect.sources[0]: query "q1" names unknown turn id "t9" of user "alice"',
    ],
    [
      'a source naming an assistant turn',
      (d) => {
        (d.users[0]!.sessions[0]!.turns[1] as { id?: string }).id = 't2';
        (d.queries[0]!.expect as { sources?: string[] }).sources = ['t2'];
      },
      'queries[0].expect.sources[0]: query "q1" names "t2", an assistant turn; sources are the user\'s own turns',
    ],
    [
      'a turn id used twice by one user',
      (d) => {
        (d.users[0]!.sessions[0]!.turns[0] as { id?: string }).id = 't1';
        (d.users[0]!.sessions[1]!.turns[0] as { id?: string }).id = 't1';
      },
      'users[0].sessions[1].turns[0].id: duplicate turn id "t1" for user "alice" (turn ids are unique across a user\'s sessions)',
    ],
    [
      'a query asked before one of its user’s sessions',
      (d) => (d.queries[0]!.at = '2026-01-10T09:00:00Z'),
      'queries[0].at: must be after every session of user "alice", but session "s2" is at 2026-01-12T09:00:00+01:00',
    ],
    [
      'an include group that can never pass',
      (d) => (d.queries[0]!.expect = { include: [['green tea', 'Tea']], exclude: ['TEA'] }),
      'queries[0].expect.include[0]: can never pass: every alternative contains an excluded string ("tea")',
    ],
    ['no queries', (d) => (d.queries = []), 'queries: must contain at least one query'],
  ])('names the field for %s', (_case, mutate, message) => {
    const error = errorOf(mutate);
    expect(error.message).toBe(message);
    expect(error.issues).toEqual([message]);
  });

  it('rejects a non-object at the root', () => {
    expect(() => parseDataset([])).toThrow(
      new DatasetError(['dataset: must be a JSON object { version, name, users, queries }']),
    );
  });

  it('reports every problem, one per line', () => {
    const error = errorOf((d) => {
      d.name = '';
      d.queries[1]!.expect.include = [[]];
    });
    expect(error.issues).toEqual([
      'name: must be a non-empty string',
      'queries[1].expect.include[0]: must be a non-empty array of strings',
    ]);
    expect(error.message.split('\n')).toHaveLength(2);
  });

  it('checks cross-field rules once the shapes are right, and reports them all', () => {
    const shapeError = errorOf((d) => {
      d.name = '';
      d.queries[0]!.user = 'zed';
    });
    expect(shapeError.issues).toEqual(['name: must be a non-empty string']);

    const crossError = errorOf((d) => {
      d.queries[0]!.user = 'zed';
      d.queries[1]!.id = 'q1';
    });
    expect(crossError.issues).toEqual(['queries[1].id: duplicate query id "q1"', 'queries[0].user: unknown user "zed"']);
  });

  it('caps a flood of problems', () => {
    const error = errorOf((d) => {
      d.queries = Array.from({ length: 30 }, (_, i) => ({ ...d.queries[1]!, id: `q${i}`, user: 'nobody' }));
    });
    expect(error.issues).toHaveLength(21);
    expect(error.issues.at(-1)).toBe('… and 10 more');
  });
});

describe('loadDataset', () => {
  it('says a missing file or a directory is not a dataset, naming the path', async () => {
    await expect(loadDataset('/no/such/dataset.json')).rejects.toThrow('/no/such/dataset.json: no such file');
    await expect(loadDataset(FIXTURES)).rejects.toThrow(`${FIXTURES}: is a directory; pass its dataset files`);
  });

  it('names the file and the position of a JSON syntax error', async () => {
    const file = await tempFile('broken.json', '{\n  "version": 1,\n  "name": "x"\n  "users": []\n}\n');
    const error = await loadDataset(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatasetError);
    const message = (error as DatasetError).message;
    expect(message.startsWith(`${file}: invalid JSON: `)).toBe(true);
    expect(message).toMatch(/line 4, column 3|line 4 column 3/);
  });

  it('prefixes schema problems with the file name', async () => {
    const raw = validDataset();
    raw.queries[0]!.user = 'bobby';
    const file = await tempFile('bad-user.json', JSON.stringify(raw));
    await expect(loadDataset(file)).rejects.toThrow(`${file}: queries[0].user: unknown user "bobby"`);
  });

  it('reads a valid file, with or without a byte-order mark', async () => {
    const file = await tempFile('ok.json', `\uFEFF${JSON.stringify(validDataset())}`);
    const dataset = await loadDataset(file);
    expect(dataset.queries.map((q) => q.id)).toEqual(['q1', 'q2']);
  });
});

describe('scoreInjected', () => {
  const memory = [
    MEMORY_SECTION_HEADER,
    '- [2026-01-05 · constraint · important] Allergic to PEANUTS.',
    '- [2026-02-25 · preference] 最近戒咖啡了，改成喝乌龙茶',
    HOW_TO_RESPOND_HEADER,
    '- Answer in bullet\npoints.',
  ].join('\n');

  it('passes when every group has one alternative and nothing excluded appears', () => {
    expect(scoreInjected(memory, { include: [['peanut', '花生'], ['oolong', '乌龙']], exclude: ['mango', '拿铁'] })).toEqual({
      pass: true,
      includeHits: 2,
      includeGroups: 2,
      excludeViolations: [],
    });
  });

  it('fails when a group is missing, and counts the groups that hit', () => {
    expect(scoreInjected(memory, { include: [['peanut'], ['shellfish', '虾']] })).toEqual({
      pass: false,
      includeHits: 1,
      includeGroups: 2,
      excludeViolations: [],
    });
  });

  it('is case-insensitive both ways', () => {
    expect(scoreInjected(memory, { include: [['Peanuts']] }).pass).toBe(true);
    expect(scoreInjected('allergic to peanuts', { include: [['PEANUT']] }).pass).toBe(true);
  });

  it('matches Chinese, folding full-width forms', () => {
    expect(scoreInjected(memory, { include: [['乌龙茶']] }).pass).toBe(true);
    expect(scoreInjected('女儿生日是５月２０号', { include: [['5月20']] }).pass).toBe(true);
  });

  it('treats any line break or run of spaces as one space', () => {
    expect(scoreInjected(memory, { include: [['bullet points']] }).pass).toBe(true);
  });

  it('lists every excluded string that appears, as spelled in the dataset', () => {
    expect(scoreInjected(memory, { include: [['peanut']], exclude: ['Coffee', '咖啡', '乌龙', 'mango'] })).toEqual({
      pass: false,
      includeHits: 1,
      includeGroups: 1,
      excludeViolations: ['咖啡', '乌龙'],
    });
  });

  it('passes an exclude-only expectation on empty text, and never counts an empty needle', () => {
    expect(scoreInjected('', { exclude: ['asthma'] }).pass).toBe(true);
    expect(scoreInjected(memory, { include: [['']] }).pass).toBe(false);
    expect(scoreInjected(memory, { exclude: [' '] }).excludeViolations).toEqual([]);
  });
});

// --- The shipped fixtures -------------------------------------------------------------------

const fixtureFiles = (await readdir(FIXTURES)).filter((name) => name.endsWith('.json')).sort();
const fixtures: [string, EvalDataset][] = await Promise.all(
  fixtureFiles.map(async (name) => [name, await loadDataset(path.join(FIXTURES, name))] as [string, EvalDataset]),
);
const allQueries = fixtures.flatMap(([, dataset]) => dataset.queries);

/** Tags documented in tests/fixtures/eval/README.md; a typo would split a category in reports. */
const KNOWN_TAGS = new Set([
  'en', 'zh',
  'direct', 'paraphrase', 'update', 'correction', 'expired-plan', 'plan', 'isolation', 'distractor', 'sensitive',
  'sensitive-relevant', 'procedural', 'remember', 'preference', 'constraint', 'relationship', 'secret',
  'external-content', 'venting', 'third-party', 'hypothetical', 'multi-fact', 'in-passing', 'past-event',
]);

/**
 * Words the injected block contains whatever the memories are (SPEC §5.5 headers, item
 * metadata, the summarisers' third-person stand-ins): an expectation on them would be vacuous.
 */
const BOILERPLATE = [
  MEMORY_SECTION_HEADER,
  HOW_TO_RESPOND_HEADER,
  '- [2026-03-01 · fact · preference · constraint · event · plan · relationship · rule · goal · skill · other]',
  '[important · pinned · core · sensitive · low confidence · inferred · episodic · semantic · procedural · working]',
  'they their them 用户 助手',
].join('\n');

const userTurns = (dataset: EvalDataset, userId: string) =>
  dataset.users
    .filter((user) => user.id === userId)
    .flatMap((user) => user.sessions.flatMap((s) => s.turns.filter((t) => t.role === 'user').map((t) => t.text)))
    .join('\n');
const mentions = (text: string, needle: string) => scoreInjected(text, { include: [[needle]] }).pass;

describe('shipped eval fixtures', () => {
  it('exist and parse', () => {
    expect(fixtureFiles.length).toBeGreaterThan(0);
    for (const [, dataset] of fixtures) expect(dataset.version).toBe(1);
  });

  it('hold at least 70 queries, at least 25 of them in Chinese', () => {
    expect(allQueries.length).toBeGreaterThanOrEqual(70);
    expect(allQueries.filter((q) => q.tags.includes('zh')).length).toBeGreaterThanOrEqual(25);
  });

  it('give every query exactly one language tag and only documented tags', () => {
    for (const query of allQueries) {
      expect(query.tags.filter((t) => t === 'en' || t === 'zh'), query.id).toHaveLength(1);
      for (const tag of query.tags) expect(KNOWN_TAGS.has(tag), `${query.id}: ${tag}`).toBe(true);
    }
  });

  it('use query ids unique across files, so reports can mix them', () => {
    const ids = allQueries.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('cover every category', () => {
    const categories = ['direct', 'paraphrase', 'update', 'expired-plan', 'isolation', 'distractor', 'sensitive', 'procedural', 'remember'];
    for (const category of categories) {
      for (const language of ['en', 'zh']) {
        const count = allQueries.filter((q) => q.tags.includes(category) && q.tags.includes(language)).length;
        expect(count, `${category}/${language}`).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('never expect words that the memory block format itself supplies', () => {
    for (const query of allQueries) {
      for (const needle of [...query.expect.include.flat(), ...query.expect.exclude]) {
        expect(mentions(BOILERPLATE, needle), `${query.id}: "${needle}"`).toBe(false);
        // Short Latin strings match inside unrelated words ("tea" in "instead").
        if (/^[\x20-\x7e]+$/.test(needle)) expect(needle.length, `${query.id}: "${needle}"`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('ground every include group in something the user actually said', () => {
    for (const [, dataset] of fixtures) {
      for (const query of dataset.queries) {
        const said = userTurns(dataset, query.user);
        for (const group of query.expect.include) {
          expect(group.some((alt) => mentions(said, alt)), `${query.id}: ${JSON.stringify(group)}`).toBe(true);
        }
      }
    }
  });

  // An exclude may be the assistant's words (a wrong guess the memory must not keep).
  it('exclude something someone in the dataset actually said', () => {
    for (const [, dataset] of fixtures) {
      const everything = dataset.users.flatMap((u) => u.sessions.flatMap((s) => s.turns.map((t) => t.text))).join('\n');
      for (const query of dataset.queries.filter((q) => q.expect.exclude.length > 0)) {
        expect(query.expect.exclude.some((ex) => mentions(everything, ex)), query.id).toBe(true);
      }
    }
  });

  it('test isolation with another user’s words that the asking user never said', () => {
    for (const [, dataset] of fixtures) {
      for (const query of dataset.queries.filter((q) => q.tags.includes('isolation'))) {
        const own = userTurns(dataset, query.user);
        const others = dataset.users.filter((u) => u.id !== query.user).map((u) => userTurns(dataset, u.id)).join('\n');
        expect(query.expect.exclude.length, query.id).toBeGreaterThan(0);
        for (const ex of query.expect.exclude) expect(mentions(own, ex), `${query.id}: "${ex}"`).toBe(false);
        expect(query.expect.exclude.some((ex) => mentions(others, ex)), query.id).toBe(true);
      }
    }
  });

  it('exclude the stale value in every update, expired-plan and sensitive query', () => {
    for (const query of allQueries.filter((q) => ['update', 'expired-plan', 'sensitive'].some((t) => q.tags.includes(t)))) {
      expect(query.expect.exclude.length, query.id).toBeGreaterThan(0);
    }
  });
});
