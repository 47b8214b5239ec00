import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSecrets, maskSecrets } from '@/server/memory/validate/secrets';

const fixture = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../fixtures/secrets/secrets.json'), 'utf8')) as {
  secrets: { text: string; value: string }[];
  lookalikes: string[];
};

// First run of the fixture (2026-12-01, with the contextual rules): 21 of 21 secrets caught, 1 of
// 19 look-alikes flagged ("the password is written on the router": the older rule took "written"
// for the value); after adding such words to its not-a-value list, 0 of 19. Floors at the measurement.
const FLOORS = { recall: 1, lookalikesFlagged: 0 };

describe('secrets as people type them, and look-alikes (issue 14)', () => {
  it('masks every listed secret value and leaves every look-alike alone', () => {
    const missed = fixture.secrets.filter((c) => maskSecrets(c.text).includes(c.value)).map((c) => c.text);
    const flagged = fixture.lookalikes.filter((text) => findSecrets(text).length > 0);
    console.log(`secrets caught ${fixture.secrets.length - missed.length}/${fixture.secrets.length}; look-alikes flagged ${flagged.length}/${fixture.lookalikes.length}`, { missed, flagged });
    expect((fixture.secrets.length - missed.length) / fixture.secrets.length).toBeGreaterThanOrEqual(FLOORS.recall);
    expect(flagged.length).toBeLessThanOrEqual(FLOORS.lookalikesFlagged);
  });
});
