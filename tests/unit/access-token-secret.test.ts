import { describe, expect, it } from 'vitest';
import { bearerOf } from '@/server/access-tokens/verify-token';
import { generateToken, hashToken, looksLikeToken, tokenHint } from '@/server/access-tokens/token-secret';
import { tokenState } from '@/server/access-tokens/token-state';
import { clientNameOf } from '@/server/mcp/client-name';

describe('personal access tokens', () => {
  it('are 256 random bits with a recognisable prefix, never twice the same', () => {
    const a = generateToken();
    expect(a).toMatch(/^mb_pat_[A-Za-z0-9_-]{43}$/);
    expect(looksLikeToken(a)).toBe(true);
    expect(generateToken()).not.toBe(a);
    expect(tokenHint(a)).toBe(a.slice(0, 11));
  });

  it('hash deterministically under one pepper and differently under another', () => {
    const token = generateToken();
    const pepper = Buffer.alloc(32, 1);
    expect(hashToken(token, pepper)).toBe(hashToken(token, Buffer.alloc(32, 1)));
    expect(hashToken(token, pepper)).not.toBe(hashToken(token, Buffer.alloc(32, 2)));
    expect(hashToken(token, pepper)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token, pepper)).not.toContain(token.slice(7));
  });

  it('refuses what is not one of ours before any lookup', () => {
    for (const value of ['', 'mb_pat_short', `mb_pat_${'a'.repeat(44)}`, `xx_pat_${'a'.repeat(43)}`, `mb_pat_${'a'.repeat(42)}!`]) expect(looksLikeToken(value)).toBe(false);
  });

  it('reads only the Bearer scheme', () => {
    expect(bearerOf('Bearer abc')).toBe('abc');
    expect(bearerOf('bearer   abc ')).toBe('abc');
    expect(bearerOf('Basic abc')).toBeNull();
    expect(bearerOf('Bearer')).toBeNull();
    expect(bearerOf('Bearer a b')).toBeNull();
    expect(bearerOf(null)).toBeNull();
  });

  it('names the strongest reason a token is refused', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const past = new Date('2026-05-01T00:00:00Z');
    expect(tokenState({ revokedAt: past, pausedAt: past, expiresAt: past }, now)).toBe('revoked');
    expect(tokenState({ revokedAt: null, pausedAt: past, expiresAt: past }, now)).toBe('expired');
    expect(tokenState({ revokedAt: null, pausedAt: past, expiresAt: null }, now)).toBe('paused');
    expect(tokenState({ revokedAt: null, pausedAt: null, expiresAt: new Date('2026-07-01T00:00:00Z') }, now)).toBe('active');
  });

  it("takes the client's name from its initialize request only", () => {
    expect(clientNameOf({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 'x', clientInfo: { name: 'Cursor', version: '1.2' } } })).toBe('Cursor 1.2');
    expect(clientNameOf({ jsonrpc: '2.0', id: 2, method: 'tools/list' })).toBeNull();
    expect(clientNameOf('garbage')).toBeNull();
  });
});
