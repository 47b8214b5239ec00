import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '@/server/env';

describe('environment', () => {
  it('runs on embedded defaults with nothing set', () => {
    expect(parseEnv({})).toMatchObject({ NODE_ENV: 'development', CHAT_MEMORY_TOOLS: 'on' });
  });

  it('names every bad variable in one error', () => {
    const error = (() => {
      try {
        parseEnv({ CHAT_MEMORY_TOOLS: 'maybe', DATABASE_URL: 'mysql://x', AUTH_GITHUB_ID: 'id' });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^CHAT_MEMORY_TOOLS: must be "on" or "off"/), expect.stringMatching(/^DATABASE_URL: must be a postgres/)]),
    );
  });

  it('reads the offline model\'s chunk delay as milliseconds and names a bad one', () => {
    expect(parseEnv({}).OFFLINE_MODEL_CHUNK_DELAY_MS).toBeUndefined();
    expect(parseEnv({ OFFLINE_MODEL_CHUNK_DELAY_MS: '40' }).OFFLINE_MODEL_CHUNK_DELAY_MS).toBe(40);
    expect(() => parseEnv({ OFFLINE_MODEL_CHUNK_DELAY_MS: 'fast' })).toThrow(/OFFLINE_MODEL_CHUNK_DELAY_MS: must be a whole number of milliseconds/);
  });

  it('checks that paired OAuth variables come together', () => {
    expect(() => parseEnv({ AUTH_GITHUB_ID: 'id' })).toThrow(/AUTH_GITHUB_SECRET: required when AUTH_GITHUB_ID is set/);
  });
});
