/**
 * Reads a JSON request body with a byte cap (issue 14, item 8): a body over the cap is refused
 * with 413 as soon as the cap is passed — from Content-Length before reading anything, or while
 * streaming a body that does not say its length — so a 100 MB POST is never held in memory.
 */
import { AppError } from '../errors';

export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  const tooLarge = () => new AppError('payload_too_large:api', `The request body is over ${Math.round(maxBytes / 1024)} KB.`);
  const declared = Number(req.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!req.body) throw new AppError('bad_request:api', 'The request body must be JSON.');
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new AppError('bad_request:api', 'The request body must be JSON.');
  }
}
