import { describe, expect, it } from 'vitest';
import { passwordWeakness } from '@/server/auth/password-strength';
import { config } from '@/server/config';

const MIN = config.auth.passwordMinScore;

describe('password strength (zxcvbn)', () => {
  it.each(['password', '        ', '12345678', 'qwerty123', 'aaaaaaaaaaaa', 'Password1'])('refuses %j and says why', (password) => {
    expect(passwordWeakness(password, [], MIN)).toMatch(/^Password is too easy to guess: \S/);
  });

  it.each(['violet kettle sunrise 93', 'correct horse battery', 'Tr0ub4dour&3 mango'])('accepts %j', (password) => {
    expect(passwordWeakness(password, [], MIN)).toBeNull();
  });

  it("penalises the account's own words", () => {
    expect(passwordWeakness('quandrivel42', [], MIN)).toBeNull();
    expect(passwordWeakness('quandrivel42', ['quandrivel42@example.com', 'quandrivel42'], MIN)).toMatch(/too easy to guess/);
  });

  it('never repeats the password in its message', () => {
    expect(passwordWeakness('bluebird12', [], MIN)).not.toContain('bluebird');
  });
});
