import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import type { AppConfig } from '../../../server/platform/config.js';
import { AppError } from '../../../server/platform/http/errors.js';
import { UploadIntake, UPLOAD_TTL_MS, type UploadKind, type UploadSource } from '../../../server/platform/upload/upload-intake.service.js';
import { imageUploadKind } from '../../../server/platform/upload/image-upload.js';
import { detectType } from '../../../server/platform/upload/magic-bytes.js';
import { checkZipSizes, SheetError } from '../../../server/platform/upload/spreadsheet-guards.js';
import { downloadLink, newDownloadKey, DOWNLOAD_KEY_PATTERN } from '../../../server/platform/upload/download-link.js';

const KB = 1024;

function source(stream: Readable, declaredBytes: number | null = null): UploadSource {
  return { stream, declaredBytes, fileName: 'f', declaredType: null };
}

const plainKind = (maxBytes: number): UploadKind => ({
  name: 'test', maxBytes,
  tooLarge: (max) => new AppError(413, 'test.tooLarge', { max }),
  empty: () => new AppError(400, 'test.empty'),
});

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    return err as AppError;
  }
  throw new Error('not refused');
}

/** A PNG's signature and IHDR (nothing after: only the header is read). */
function png(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

/** A JPEG with an APP0 segment before its baseline frame header. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

describe('upload intake', () => {
  let dataDir: string;
  let intake: UploadIntake;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-upload-'));
    intake = new UploadIntake({ dataDir } as AppConfig);
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('streams a body to a file under the data dir and judges its type from the bytes, not the name', async () => {
    const body = Buffer.concat([png(10, 10), Buffer.alloc(200 * KB, 1)]);
    const stored = await intake.receive(plainKind(1024 * KB), { stream: Readable.from([body.subarray(0, 100), body.subarray(100)]), declaredBytes: body.length, fileName: 'song.mp3', declaredType: 'audio/mpeg' });
    expect(stored.size).to.equal(body.length);
    expect(stored.detectedType).to.equal('png');
    expect(stored.path!.startsWith(path.join(dataDir, 'uploads'))).to.equal(true);
    expect((await readFile(stored.path!)).equals(body)).to.equal(true);
    expect((await intake.file(stored).read(8, 8)).toString('latin1', 4, 8)).to.equal('IHDR');
    await intake.discard(stored);
    expect(await readdir(intake.dir())).to.deep.equal([]);
  });

  it('knows the types from their first bytes', () => {
    expect(detectType(Buffer.from('PK\u0003\u0004rest', 'latin1'))).to.equal('zip');
    expect(detectType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1]))).to.equal('ole2');
    expect(detectType(jpeg(1, 1))).to.equal('jpeg');
    expect(detectType(Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'))).to.equal('wav');
    expect(detectType(Buffer.from('ID3\u0004\0', 'latin1'))).to.equal('mp3');
    expect(detectType(Buffer.from('mobile,name\n0912', 'utf8'))).to.equal('text');
    expect(detectType(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).to.equal('text');
    expect(detectType(Buffer.from([0x00, 0x01, 0x02]))).to.equal('unknown');
  });

  it('refuses a declared length over the limit before reading, and a body growing past it mid-stream, leaving the rest unread', async () => {
    const declared = await refusal(intake.receive(plainKind(10 * KB), source(Readable.from([Buffer.alloc(KB)]), 11 * KB)));
    expect([declared.status, declared.key]).to.deep.equal([413, 'test.tooLarge']);

    const stream = new PassThrough();
    let pulled = 0;
    const pending = intake.receive(plainKind(10 * KB), source(stream));
    for (let i = 0; i < 12; i++) {
      // A piece at a time, as a socket hands them on; past the limit the stream is paused.
      if (stream.isPaused() && pulled > 10 * KB) break;
      stream.write(Buffer.alloc(KB, 7));
      pulled += KB;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const err = await refusal(pending);
    expect([err.status, err.key]).to.deep.equal([413, 'test.tooLarge']);
    expect(stream.isPaused(), 'the rest is left unread').to.equal(true);
    expect(await readdir(intake.dir()), 'nothing stays').to.deep.equal([]);
  });

  it('refuses an empty body when the kind says so, and a stream that fails as request.aborted', async () => {
    expect((await refusal(intake.receive(plainKind(KB), source(Readable.from([]))))).key).to.equal('test.empty');
    const broken = new Readable({ read() { this.destroy(new Error('socket hang up')); } });
    expect((await refusal(intake.receive(plainKind(KB), source(broken)))).key).to.equal('request.aborted');
  });

  it('writes to a kind\'s own sink in arrival order, seeing each piece', async () => {
    const written: Buffer[] = [];
    const seen: number[] = [];
    let ended = false;
    const stored = await intake.receive(plainKind(KB), source(Readable.from([Buffer.from('ab'), Buffer.from('cd')])), {
      sink: { write: async (c) => { written.push(c); }, end: async () => { ended = true; } },
      observe: (c) => seen.push(c.length),
    });
    expect([stored.path, stored.size, Buffer.concat(written).toString(), ended, seen]).to.deep.equal([null, 4, 'abcd', true, [2, 2]]);
  });

  it('images: png/jpeg only, and the pixel limits read from the header', async () => {
    const kind = imageUploadKind('test-image', { maxBytes: 100 * KB, maxWidth: 4000, maxHeight: 4000, maxPixels: 4_000_000 });
    const ok = await intake.receive(kind, source(Readable.from([png(1920, 1080)])));
    expect(ok.image).to.deep.equal({ width: 1920, height: 1080 });
    expect((await intake.receive(kind, source(Readable.from([jpeg(800, 600)])))).image).to.deep.equal({ width: 800, height: 600 });

    const bomb = await refusal(intake.receive(kind, source(Readable.from([png(3000, 3000)]))));
    expect(bomb.status).to.equal(400);
    expect(bomb.validationErrors[0]).to.include({ propertyName: 'file', key: 'upload.imageTooLarge' });
    const wide = await refusal(intake.receive(kind, source(Readable.from([jpeg(20_000, 10)]))));
    expect(wide.validationErrors[0].key).to.equal('upload.imageTooLarge');
    const text = await refusal(intake.receive(kind, source(Readable.from([Buffer.from('not an image')]))));
    expect(text.validationErrors[0].key).to.equal('upload.notImage');
    const cut = await refusal(intake.receive(kind, source(Readable.from([png(10, 10).subarray(0, 20)]))));
    expect(cut.validationErrors[0].key).to.equal('upload.notImage');
  });

  it('spreadsheet guards: a zip whose large entry inflates past the ratio is refused from its directory', () => {
    const sheet = Buffer.alloc(1024 * KB, 0x41);
    const compressed = deflateRawSync(sheet);
    expect(sheet.length / compressed.length, 'deflate of a repeated byte is far past 100:1').to.be.greaterThan(100);
    // Small entries may be repetitive; the ratio is judged from 64 MB unpacked (declared sizes, nothing inflated).
    expect(() => checkZipSizes([{ name: 'xl/worksheets/sheet1.xml', compressedSize: compressed.length, size: sheet.length }])).to.not.throw();
    const bomb = () => checkZipSizes([{ name: 'xl/worksheets/sheet1.xml', compressedSize: compressed.length, size: 426 * 1024 * KB }]);
    expect(bomb).to.throw(SheetError).with.property('key', 'contacts.import.xlsx.compressionRatio');
  });

  it('keyed download links: 32 random bytes as the only key', () => {
    const a = newDownloadKey();
    expect(a).to.match(new RegExp(DOWNLOAD_KEY_PATTERN)).and.to.not.equal(newDownloadKey());
    expect(downloadLink('/api/Media/File', a)).to.equal(`/api/Media/File/${a}`);
    expect(downloadLink('/api/Media/File', a, 'https://panel.example/')).to.equal(`https://panel.example/api/Media/File/${a}`);
  });

  it('one sweep removes files untouched for a day and runs each registered kind\'s own expiry', async () => {
    const now = new Date('2026-11-28T10:17:00Z');
    const stored = await intake.receive(plainKind(KB), source(Readable.from([Buffer.from('x')])));
    const old = intake.pathOf('p2p', 'abc', 'ndjson');
    await writeFile(old, 'rows');
    await utimes(old, new Date(now.getTime() - UPLOAD_TTL_MS - 1000), new Date(now.getTime() - UPLOAD_TTL_MS - 1000));
    await utimes(stored.path!, now, now);
    const expired: Date[] = [];
    intake.register({ ...plainKind(KB), name: 'elsewhere', expire: async (before) => { expired.push(before); } });
    const job = intake.cleanupJob();
    expect([job.name, job.scope]).to.deep.equal(['platform.sweep-uploads', 'global']);
    expect(await job.run(now, new AbortController().signal)).to.equal(1);
    expect(await readdir(intake.dir())).to.deep.equal([path.basename(stored.path!)]);
    expect(expired.map((d) => d.toISOString())).to.deep.equal([new Date(now.getTime() - UPLOAD_TTL_MS).toISOString()]);
  });
});
