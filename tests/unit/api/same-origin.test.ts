import { describe, expect, it } from 'vitest';
import { assertSameOriginJson, ownOrigin } from '@/server/api/same-origin';

const request = (headers: Record<string, string>, method = 'POST', url = 'http://127.0.0.1:3100/api/chat') => new Request(url, { method, headers, body: method === 'GET' ? undefined : '{}' });
const refused = (req: Request, authUrl?: string) => {
  try {
    assertSameOriginJson(req, authUrl);
    return null;
  } catch (error) {
    return (error as { status?: number }).status ?? 'threw';
  }
};

describe('the same-origin JSON guard', () => {
  it('lets the app itself through: same-origin JSON from the browser, or JSON from a non-browser client', () => {
    expect(refused(request({ 'content-type': 'application/json', origin: 'http://127.0.0.1:3100', 'sec-fetch-site': 'same-origin' }))).toBeNull();
    expect(refused(request({ 'content-type': 'application/json; charset=utf-8' }))).toBeNull();
    expect(refused(request({}, 'GET'))).toBeNull();
  });

  it.each([
    ['a form post', { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:3100' }, 415],
    ['text/plain (a no-cors fetch)', { 'content-type': 'text/plain', origin: 'http://evil.example' }, 415],
    ['no content type', {}, 415],
    ['JSON from another site', { 'content-type': 'application/json', origin: 'http://evil.example' }, 403],
    ['JSON from another port of the same host', { 'content-type': 'application/json', origin: 'http://127.0.0.1:3101' }, 403],
    ['a cross-site fetch by Sec-Fetch-Site', { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, 403],
    ['a same-site (other subdomain or port) fetch by Sec-Fetch-Site', { 'content-type': 'application/json', 'sec-fetch-site': 'same-site' }, 403],
    ['a sandboxed page (Origin: null)', { 'content-type': 'application/json', origin: 'null' }, 403],
  ])('refuses %s', (_label, headers, status) => {
    expect(refused(request(headers))).toBe(status);
  });

  it('behind a proxy the public origin counts: AUTH_URL, else X-Forwarded-Host/Proto', () => {
    const proxied = request({ 'content-type': 'application/json', origin: 'https://mindbase.example', 'x-forwarded-host': 'mindbase.example', 'x-forwarded-proto': 'https' }, 'POST', 'http://10.0.0.5:3000/api/chat');
    expect(ownOrigin(proxied, undefined)).toBe('https://mindbase.example');
    expect(refused(proxied)).toBeNull();
    expect(refused(request({ 'content-type': 'application/json', origin: 'https://mindbase.example' }, 'POST', 'http://10.0.0.5:3000/api/chat'), 'https://mindbase.example/')).toBeNull();
    expect(refused(request({ 'content-type': 'application/json', origin: 'http://10.0.0.5:3000' }, 'POST', 'http://10.0.0.5:3000/api/chat'), 'https://mindbase.example')).toBe(403);
  });
});
