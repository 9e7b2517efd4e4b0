import type { Readable } from 'node:stream';
import { AppError } from '../http/errors.js';

/** Where a body goes as it arrives: pieces in arrival order, then the end. */
export interface UploadSink {
  write(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
  /** The body was refused: stop (what was written is the owner's to remove). Without it, `end`. */
  abort?(): Promise<void>;
}

export interface Bounds {
  maxBytes: number;
  /** The refusal once more than `maxBytes` arrived. */
  tooLarge(): AppError;
  /** Sees each piece before it is written; an answer refuses the body there (the JSON shape guard). */
  observe?(chunk: Buffer): AppError | null | void;
  /** How many first bytes to keep (the type is judged from them). */
  headBytes?: number;
}

/**
 * The one byte-limit mechanism for bodies (uploads, webhooks' raw bodies, JSON bodies): reads the
 * stream into the sink one piece at a time (paused while a piece is written), keeping the first
 * bytes. Past the limit, on a refusal by `observe` or on the sink's failure, the stream is paused
 * and left, never destroyed: its rest is never read, the answer still reaches the caller, and the
 * error handler closes the connection. A stream that fails (the caller went away) is `request.aborted`.
 */
export function readWithin(stream: Readable, sink: UploadSink, bounds: Bounds): Promise<{ size: number; head: Buffer }> {
  const headBytes = bounds.headBytes ?? 0;
  return new Promise((resolve, reject) => {
    let size = 0;
    let head = Buffer.alloc(0);
    let writing: Promise<void> = Promise.resolve();
    let failed = false;
    const detach = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('aborted', onError);
    };
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      stream.pause();
      detach();
      // After the pieces being written: the caller then removes what was stored.
      writing.catch(() => undefined).then(() => (sink.abort ?? sink.end).call(sink).catch(() => undefined)).then(() => reject(err));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > bounds.maxBytes) return fail(bounds.tooLarge());
      const refused = bounds.observe?.(chunk);
      if (refused instanceof AppError) return fail(refused);
      if (head.length < headBytes) head = Buffer.concat([head, chunk.subarray(0, headBytes - head.length)]);
      stream.pause();
      writing = writing.then(() => sink.write(chunk));
      writing.then(() => { if (!failed) stream.resume(); }, fail);
    };
    const onEnd = () => {
      detach();
      writing.then(() => sink.end()).then(() => { if (!failed) resolve({ size, head }); }, fail);
    };
    const onError = () => fail(new AppError(400, 'request.aborted'));
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('aborted', onError);
  });
}

/** A sink that keeps the body in memory (small bounded bodies: a webhook's, a JSON request's). */
export function memorySink(): UploadSink & { bytes(): Buffer } {
  const chunks: Buffer[] = [];
  return { write: async (chunk) => { chunks.push(chunk); }, end: async () => undefined, bytes: () => Buffer.concat(chunks) };
}
