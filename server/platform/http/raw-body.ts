import type { Request } from 'express';
import { AppError } from './errors.js';

/**
 * A request body as raw bytes, for routes whose callers send what they like (a provider's
 * webhook: form-encoded, XML, JSON). Bounded: over `limitBytes` (declared or while arriving) is a
 * 413 and the rest is left unread (the error handler closes the connection). `inspect` sees each
 * chunk as it arrives and may refuse the body there.
 */
export async function readRawBody(req: Request, limitBytes: number, inspect?: (chunk: Buffer) => AppError | null): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) throw new AppError(413, 'status.413');
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (err: AppError | null) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onError);
      if (err) {
        // Stop pulling bytes: what is left of a refused body is never read.
        req.pause();
        reject(err);
      } else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) return finish(new AppError(413, 'status.413'));
      // A guard that judges the bytes as they arrive (the JSON shape guard) may stop the read early.
      const refused = inspect?.(chunk) ?? null;
      if (refused) return finish(refused);
      chunks.push(chunk);
    };
    const onEnd = () => finish(null);
    const onError = () => finish(new AppError(400, 'request.aborted'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onError);
  });
}
