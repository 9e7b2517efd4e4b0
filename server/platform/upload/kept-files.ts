import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { inject, injectable } from 'inversify';
import { TYPES } from '../tokens.js';
import type { AppConfig } from '../config.js';
import { UploadIntake, type StoredUpload } from './upload-intake.service.js';

/**
 * Files a module keeps after the upload intake judged them (identity documents; later login
 * images): moved out of the swept uploads folder into `<dataDir>/kept/<folder>/`, named by a random
 * key the owning row records. Only the module's own service reads them back, after its own
 * visibility check; nothing here is served directly. One store for every such module, never a copy.
 * An S3-compatible store would be a second implementation of these three calls (not built yet).
 */
@injectable()
export class KeptFiles {
  constructor(
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(UploadIntake) private readonly intake: UploadIntake,
  ) {}

  /**
   * Keeps a judged upload and records it: `record` (the owner's transaction) gets the new key and
   * answers what it made and the key it replaced, if any. The replaced file goes only after `record`
   * succeeded; on any failure the new file goes (the intake's own if keeping failed), so no row
   * points at a missing file and no file is left without a row.
   */
  async keepRecorded<T>(folder: string, stored: StoredUpload, record: (key: string) => Promise<{ result: T; replaced: string | null }>): Promise<T> {
    let key: string;
    try {
      key = await this.keep(folder, stored);
    } catch (err) {
      await this.intake.discard(stored);
      throw err;
    }
    try {
      const { result, replaced } = await record(key);
      if (replaced) await this.remove(folder, replaced);
      return result;
    } catch (err) {
      await this.remove(folder, key);
      throw err;
    }
  }

  /** Moves the intake's stored file under the folder; answers its key. */
  async keep(folder: string, stored: StoredUpload): Promise<string> {
    if (!stored.path) throw new Error(`upload ${stored.kind}-${stored.key} is not stored as a file`);
    const key = randomUUID();
    await mkdir(this.dir(folder), { recursive: true });
    await rename(stored.path, this.pathOf(folder, key));
    return key;
  }

  read(folder: string, key: string): Promise<Buffer> {
    return readFile(this.pathOf(folder, key));
  }

  /** Gone already is fine: a replaced or deleted file is removed after its row changed. */
  async remove(folder: string, key: string): Promise<void> {
    await rm(this.pathOf(folder, key), { force: true });
  }

  private dir(folder: string): string {
    if (!/^[a-z0-9-]+$/.test(folder)) throw new Error(`bad kept-files folder ${folder}`);
    return path.join(this.config.dataDir, 'kept', folder);
  }

  private pathOf(folder: string, key: string): string {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error('bad kept-file key');
    return path.join(this.dir(folder), `${key}.bin`);
  }
}
