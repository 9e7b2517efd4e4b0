import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { StringDecoder } from 'node:string_decoder';
import { inject, injectable } from 'inversify';
import { UploadIntake, type UploadSource } from '../../../platform/upload/upload-intake.service.js';
import { readWithin } from '../../../platform/upload/bounded-stream.js';
import { fieldError } from '../../../platform/http/errors.js';
import { RecipientSet } from './recipient-set.js';
import type { RecipientInput } from '../receivers.repository.js';

export interface UploadSummary {
  uploadId: string;
  validCount: number;
  wrongNumberCount: number;
  duplicateCount: number;
  invalidSamples: string[];
  counts: Record<string, number>;
}

/**
 * Recipient files (text or CSV) are parsed while they stream in; only the normalized, deduplicated
 * numbers are kept, in a file of the upload intake's folder, until a send uses them or the intake's
 * one sweep (a day) removes it. A 2-million-line file is refused with the spec's maximum message, and a body larger than the byte cap is cut off.
 */
@injectable()
export class UploadsService {
  /** The last few uploads of this process, so the send that follows does not re-read its file. */
  private readonly recent = new Map<string, { userId: number; summary: UploadSummary; recipients: RecipientInput[] }>();

  constructor(@inject(UploadIntake) private readonly intake: UploadIntake) {}

  private dir(): string {
    return this.intake.dir();
  }

  /**
   * Parsed as it arrives, through the intake's byte-limit mechanism (nothing of the body itself is
   * stored); past the byte cap or the number cap the rest is left unread.
   */
  async receive(source: UploadSource, options: { csv: boolean; maxNumbers: number; maxBytes: number; userId: number }): Promise<UploadSummary> {
    const set = new RecipientSet();
    let firstLine = true;
    const decoder = new StringDecoder('utf8');
    let rest = '';
    const takeLine = (line: string) => {
      if (options.csv) {
        const field = line.split(/[,;\t]/, 1)[0]?.replace(/^"|"$/g, '').trim() ?? '';
        if (firstLine && field && !/[0-9۰-۹٠-٩]/.test(field)) { firstLine = false; return; } // a header row
        firstLine = false;
        if (field) set.add(field, csvDescription(line));
      } else {
        set.addText(line);
      }
    };
    const tooMany = () => fieldError('file', 'messaging.maxNumbers', { number: options.maxNumbers });
    await readWithin(source.stream, {
      write: async (chunk) => {
        const text = rest + decoder.write(chunk);
        const lines = text.split(/\r?\n|\r/);
        rest = lines.pop() ?? '';
        for (const line of lines) takeLine(line);
        if (set.size > options.maxNumbers) throw tooMany();
      },
      end: async () => {
        rest += decoder.end();
        if (rest) takeLine(rest);
      },
      abort: async () => undefined,
    }, { maxBytes: options.maxBytes, tooLarge: () => fieldError('file', 'messaging.uploadTooLarge') });
    if (set.size > options.maxNumbers) throw fieldError('file', 'messaging.maxNumbers', { number: options.maxNumbers });
    if (set.size === 0) throw fieldError('file', 'messaging.RecipientNotExist');

    const uploadId = randomUUID();
    await mkdir(this.dir(), { recursive: true });
    const file = path.join(this.dir(), `${uploadId}.tsv`);
    const out = createWriteStream(file);
    let buffer = '';
    for (const r of set.items) {
      buffer += `${r.number}\t${r.operator}\t${(r.description ?? '').replace(/[\t\n\r]/g, ' ')}\n`;
      if (buffer.length > 1 << 20) {
        if (!out.write(buffer)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        buffer = '';
      }
    }
    out.write(buffer);
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    const summary: UploadSummary = {
      uploadId, validCount: set.size, wrongNumberCount: set.wrongNumberCount, duplicateCount: set.duplicateCount,
      invalidSamples: set.invalidSamples, counts: set.countsByOperator(),
    };
    await writeFile(path.join(this.dir(), `${uploadId}.json`), JSON.stringify({ ...summary, userId: options.userId, createdAt: Date.now() }));
    this.recent.set(uploadId, { userId: options.userId, summary, recipients: set.items });
    while (this.recent.size > 4) this.recent.delete(this.recent.keys().next().value as string);
    return summary;
  }

  /** The upload's receivers, for the user who uploaded it. */
  async load(uploadId: string, userId: number): Promise<{ summary: UploadSummary; recipients: RecipientInput[] }> {
    if (!/^[0-9a-f-]{36}$/.test(uploadId)) throw fieldError('recipientsUploadId', 'messaging.uploadNotFound');
    const cached = this.recent.get(uploadId);
    if (cached && cached.userId === userId && existsSync(path.join(this.dir(), `${uploadId}.json`))) return { summary: cached.summary, recipients: cached.recipients };
    let meta: UploadSummary & { userId: number };
    try {
      meta = JSON.parse(await readFile(path.join(this.dir(), `${uploadId}.json`), 'utf8'));
    } catch {
      throw fieldError('recipientsUploadId', 'messaging.uploadNotFound');
    }
    if (meta.userId !== userId) throw fieldError('recipientsUploadId', 'messaging.uploadNotFound');
    const recipients: RecipientInput[] = [];
    const lines = createInterface({ input: createReadStream(path.join(this.dir(), `${uploadId}.tsv`)), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line) continue;
      const [number, operator, description] = line.split('\t');
      recipients.push({ number, operator, description: description || null });
    }
    return { summary: meta, recipients };
  }

  async discard(uploadId: string): Promise<void> {
    this.recent.delete(uploadId);
    await rm(path.join(this.dir(), `${uploadId}.tsv`), { force: true });
    await rm(path.join(this.dir(), `${uploadId}.json`), { force: true });
  }
}

function csvDescription(line: string): string | null {
  const parts = line.split(/[,;\t]/);
  const d = parts.slice(1).join(' ').replace(/"/g, '').trim();
  return d ? d.slice(0, 200) : null;
}
