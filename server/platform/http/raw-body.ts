import type { Request } from 'express';
import { AppError } from './errors.js';
import { memorySink, readWithin } from '../upload/bounded-stream.js';

/**
 * A request body as raw bytes, for routes whose callers send what they like (a provider's
 * webhook: form-encoded, XML, JSON) and for the JSON reader. Bounded by the upload intake's one
 * byte-limit mechanism (`platform/upload/bounded-stream.ts`): over `limitBytes` (declared or while
 * arriving) is a 413 and the rest is left unread (the error handler closes the connection).
 * `inspect` sees each chunk as it arrives and may refuse the body there.
 */
export async function readRawBody(req: Request, limitBytes: number, inspect?: (chunk: Buffer) => AppError | null): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) throw new AppError(413, 'status.413');
  const sink = memorySink();
  await readWithin(req, sink, { maxBytes: limitBytes, tooLarge: () => new AppError(413, 'status.413'), observe: inspect });
  return sink.bytes();
}
