import { describe, expect, it } from 'vitest';
import { readJsonBody } from '@/server/api/json-body';

const status = async (p: Promise<unknown>) => p.then(() => 'ok', (error: unknown) => (error as { status?: number }).status ?? 'threw');

describe('readJsonBody', () => {
  it('parses a JSON body under the cap', async () => {
    expect(await readJsonBody(new Request('http://x/', { method: 'POST', body: '{"a":1}' }), 100)).toEqual({ a: 1 });
  });

  it('refuses a declared length over the cap before reading, and an undeclared one while streaming', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024).fill(0x20));
      },
    });
    expect(await status(readJsonBody(new Request('http://x/', { method: 'POST', body: 'x'.repeat(10), headers: { 'content-length': '5000000' } }), 1000))).toBe(413);
    const streamed = new Request('http://x/', { method: 'POST', body: endless, duplex: 'half' } as RequestInit);
    expect(await status(readJsonBody(streamed, 10 * 1024))).toBe(413);
    // It stopped at the cap instead of reading the endless body.
    expect(pulled).toBeLessThan(20);
  });

  it('a body that is not JSON is a 400, not a 500', async () => {
    expect(await status(readJsonBody(new Request('http://x/', { method: 'POST', body: 'not json' }), 100))).toBe(400);
    expect(await status(readJsonBody(new Request('http://x/', { method: 'POST' }), 100))).toBe(400);
  });
});
