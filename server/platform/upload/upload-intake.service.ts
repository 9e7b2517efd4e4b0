import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { inject, injectable } from 'inversify';
import { TYPES } from '../tokens.js';
import type { AppConfig } from '../config.js';
import { AppError } from '../http/errors.js';
import type { ScheduledJob } from '../scheduler.js';
import type { UploadSink } from './bounded-stream.js';
import { detectType, type DetectedType } from './magic-bytes.js';
import { imageSize, type ImageSize } from './image-guards.js';
import { readWithin } from './bounded-stream.js';

/**
 * One upload intake (issue 22): every body a user uploads (a phonebook import, a P2P file, a voice
 * file; recipient lists) comes in here as a stream plus metadata, never as an HTTP request.
 *
 * - The body is streamed to storage: a file under `<dataDir>/uploads/` by default, or the kind's
 *   own sink (the phonebook import writes database pieces, so any worker process reads them).
 * - The kind's byte limit holds while streaming: a body declared larger is refused before a byte
 *   is read, one that grows past it is refused there and the rest is left unread (paused, never
 *   destroyed, so the answer still reaches the caller; the error handler closes the connection).
 * - The type is judged from the first bytes (`magic-bytes.ts`), never the name or content type.
 * - Images (png/jpeg) are a kind it knows: `image` limits the pixel size read from the header.
 * - Spreadsheets: the guards against zip bombs and broken workbooks are `spreadsheet-guards.ts`,
 *   applied by the one spreadsheet reader while it reads the stored upload.
 * - Stored files are removed by one scheduled job, `platform.sweep-uploads`, after `UPLOAD_TTL_MS`;
 *   a kind stored elsewhere registers an `expire` step that job runs too. A file that must outlive
 *   the sweep (an identity document) is handed on to `KeptFiles` (`kept-files.ts`) once judged.
 *
 * Adding an upload kind: declare an `UploadKind` (name, byte limit, its refusals; `types` and
 * `image` when it takes only some types) next to the service that uses it; that service takes
 * `(actor, source: UploadSource, …)` and calls `intake.receive(KIND, source)`; its route passes
 * `uploadFromRequest(req, fileName)`; a kind stored outside the data dir gives a `sink` to receive
 * and registers its `expire` with `intake.register(kind)` in its module's `onStart`.
 */

/** A body to take in: the stream and what its sender says of it (only the byte count is believed, as a ceiling). */
export interface UploadSource {
  stream: Readable;
  /** The declared length (Content-Length), or null when none was declared. */
  declaredBytes: number | null;
  fileName: string | null;
  declaredType: string | null;
}

export interface ImageLimits {
  maxWidth: number;
  maxHeight: number;
  maxPixels: number;
}

export interface UploadKind {
  /** Names the stored file (`<name>-<key>.upload`); unique among kinds. */
  readonly name: string;
  readonly maxBytes: number;
  /** The refusal of a body over `maxBytes` (declared or arriving). */
  tooLarge(maxBytes: number): AppError;
  /** The refusal of an empty body; without it an empty body is stored like any other. */
  empty?(): AppError;
  /** The types taken (judged from the bytes); others get `wrongType`. Without it any type is stored. */
  readonly types?: readonly DetectedType[];
  wrongType?(detected: DetectedType): AppError;
  /** For png/jpeg kinds: the pixel limits, read from the image's header; over them or unreadable is `badImage`. */
  readonly image?: ImageLimits;
  badImage?(reason: 'unreadable' | 'tooLarge', size: ImageSize | null): AppError;
  /** For a kind stored outside the data dir: removes its uploads older than `before` (the sweep job calls it). */
  expire?(before: Date, signal: AbortSignal): Promise<unknown>;
}

/** The usual `tooLarge`: 413 with `key` on `file`, its `max` in megabytes (as the panel's messages say it). */
export function fileTooLarge(key: string): (maxBytes: number) => AppError {
  return (maxBytes) => {
    const max = maxBytes / 1024 / 1024;
    return new AppError(413, key, { max }, [{ propertyName: 'file', key, params: { max } }]);
  };
}

export type { UploadSink } from './bounded-stream.js';

export interface StoredUpload {
  key: string;
  kind: string;
  /** The file under the data dir; null when the kind's own sink stored it. */
  path: string | null;
  size: number;
  /** The first 64 KB (for readers that judge more than the type: a CSV's encoding, an audio's frames). */
  head: Buffer;
  detectedType: DetectedType;
  image: ImageSize | null;
  fileName: string | null;
  declaredType: string | null;
}

/** A stored file read at any offset (the shape the spreadsheet readers take). */
export interface RandomAccessFile {
  readonly size: number;
  stream(offset: number, length: number): AsyncIterable<Buffer>;
  read(offset: number, length: number): Promise<Buffer>;
}

/** Files under the uploads folder older than this are swept: an upload is a step of composing, not storage. */
export const UPLOAD_TTL_MS = 24 * 60 * 60_000;
const HEAD_BYTES = 64 * 1024;
/** How much of an image is searched for its size (JPEG's frame header may follow a large EXIF segment). */
const IMAGE_HEADER_BYTES = 1024 * 1024;

@injectable()
export class UploadIntake {
  private readonly kinds = new Map<string, UploadKind>();

  constructor(@inject(TYPES.Config) private readonly config: AppConfig) {}

  /** The folder every file-stored upload (and what modules derive from one) lives in until the sweep. */
  dir(): string {
    return path.join(this.config.dataDir, 'uploads');
  }

  /** A kind whose `expire` the sweep job runs (kinds stored as files need no registration). */
  register(kind: UploadKind): void {
    const known = this.kinds.get(kind.name);
    if (known && known !== kind) throw new Error(`upload kind ${kind.name} is registered twice`);
    this.kinds.set(kind.name, kind);
  }

  /** A body declared larger than the kind's limit, refused before a byte is read (receive does it first too). */
  refuseDeclared(kind: UploadKind, source: UploadSource): void {
    if (source.declaredBytes !== null && source.declaredBytes > kind.maxBytes) throw kind.tooLarge(kind.maxBytes);
  }

  /**
   * Streams the body to storage within the kind's limit and judges it. On any refusal nothing
   * stays: a file written so far is removed (a sink's owner removes its own pieces).
   */
  async receive(kind: UploadKind, source: UploadSource, options: { sink?: UploadSink; observe?(chunk: Buffer): void } = {}): Promise<StoredUpload> {
    this.refuseDeclared(kind, source);
    const key = randomUUID();
    let file: string | null = null;
    let sink = options.sink;
    if (!sink) {
      await mkdir(this.dir(), { recursive: true });
      file = this.pathOf(kind.name, key);
      sink = fileSink(file);
    }
    try {
      const { size, head } = await readWithin(source.stream, sink, { maxBytes: kind.maxBytes, tooLarge: () => kind.tooLarge(kind.maxBytes), observe: options.observe, headBytes: HEAD_BYTES });
      if (size === 0 && kind.empty) throw kind.empty();
      const detectedType = detectType(head);
      if (kind.types && !kind.types.includes(detectedType)) throw kind.wrongType ? kind.wrongType(detectedType) : new AppError(400, 'status.400');
      const stored: StoredUpload = { key, kind: kind.name, path: file, size, head, detectedType, image: null, fileName: source.fileName, declaredType: source.declaredType };
      if (kind.image) stored.image = await this.judgeImage(kind, kind.image, stored);
      return stored;
    } catch (err) {
      if (file) await rm(file, { force: true });
      throw err;
    }
  }

  private async judgeImage(kind: UploadKind, limits: ImageLimits, stored: StoredUpload): Promise<ImageSize> {
    const refuse = (reason: 'unreadable' | 'tooLarge', size: ImageSize | null) => (kind.badImage ? kind.badImage(reason, size) : new AppError(400, 'status.400'));
    if (stored.detectedType !== 'png' && stored.detectedType !== 'jpeg') throw refuse('unreadable', null);
    const header = stored.size <= HEAD_BYTES ? stored.head : await this.file(stored).read(0, Math.min(stored.size, IMAGE_HEADER_BYTES));
    const size = imageSize(header, stored.detectedType);
    if (!size) throw refuse('unreadable', null);
    const { maxWidth, maxHeight, maxPixels } = limits;
    if (size.width > maxWidth || size.height > maxHeight || size.width * size.height > maxPixels) throw refuse('tooLarge', size);
    return size;
  }

  /** The stored file, read at any offset. */
  file(stored: StoredUpload): RandomAccessFile {
    if (!stored.path) throw new Error(`upload ${stored.kind}-${stored.key} is not stored as a file`);
    return localFile(stored.path, stored.size);
  }

  /** The whole stored file (for small kinds whose bytes go on elsewhere, as a voice file into the database). */
  async bytes(stored: StoredUpload): Promise<Buffer> {
    if (!stored.path) throw new Error(`upload ${stored.kind}-${stored.key} is not stored as a file`);
    return readFile(stored.path);
  }

  async discard(stored: StoredUpload): Promise<void> {
    if (stored.path) await rm(stored.path, { force: true });
  }

  /** A file of the uploads folder for what a module derives from an upload (swept with it). */
  pathOf(kind: string, key: string, suffix = 'upload'): string {
    return path.join(this.dir(), `${kind}-${key}.${suffix}`);
  }

  /**
   * The one cleanup: files of the uploads folder untouched for `UPLOAD_TTL_MS`, then each registered
   * kind's own expiry. Answers how many files went.
   */
  async sweep(now: Date, signal?: AbortSignal): Promise<number> {
    const before = now.getTime() - UPLOAD_TTL_MS;
    let removed = 0;
    let names: string[] = [];
    try {
      names = await readdir(this.dir());
    } catch {
      // No upload yet: no folder.
    }
    for (const name of names) {
      if (signal?.aborted) break;
      const full = path.join(this.dir(), name);
      try {
        if ((await stat(full)).mtimeMs < before) {
          await rm(full, { force: true });
          removed++;
        }
      } catch {
        // Gone meanwhile (discarded by its send): nothing to sweep.
      }
    }
    const aborted = signal ?? new AbortController().signal;
    for (const kind of this.kinds.values()) {
      if (aborted.aborted) break;
      await kind.expire?.(new Date(before), aborted);
    }
    return removed;
  }

  /** The scheduled job that runs the sweep (declared by the composition root, once per installation). */
  cleanupJob(): ScheduledJob {
    return { name: 'platform.sweep-uploads', schedule: '0 17 * * * *', scope: 'global', run: (now, signal) => this.sweep(now, signal) };
  }
}

function fileSink(file: string): UploadSink {
  let out: WriteStream | null = null;
  const opened = () => (out ??= createWriteStream(file));
  return {
    async write(chunk) {
      const o = opened();
      if (!o.write(chunk)) await new Promise<void>((resolve) => o.once('drain', () => resolve()));
    },
    end() {
      const o = opened();
      return new Promise<void>((resolve, reject) => o.end((err?: Error | null) => (err ? reject(err) : resolve())));
    },
  };
}

function localFile(file: string, size: number): RandomAccessFile {
  return {
    size,
    async *stream(offset: number, length: number): AsyncGenerator<Buffer> {
      if (length <= 0) return;
      for await (const piece of createReadStream(file, { start: offset, end: offset + length - 1, highWaterMark: 1 << 20 })) yield piece as Buffer;
    },
    async read(offset: number, length: number): Promise<Buffer> {
      const handle = await open(file, 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
  };
}
