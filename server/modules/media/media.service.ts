import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import type { AppConfig } from '../../platform/config.js';
import type { Clock } from '../../platform/clock.js';
import { conflict, fieldError, notFound } from '../../platform/http/errors.js';
import { fileTooLarge, UploadIntake, type UploadKind, type UploadSource } from '../../platform/upload/upload-intake.service.js';
import { downloadLink, newDownloadKey } from '../../platform/upload/download-link.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { AuditService } from '../audit/index.js';
import { pricedSeconds, voiceParts, VOICE_MAX_BYTES } from '../../shared/voice/voice-rules.js';
import { probeAudio } from './audio-probe.js';
import { MediaRepository, type MediaRow } from './media.repository.js';

const CONTENT_TYPES = { mp3: 'audio/mpeg', wav: 'audio/wav' } as const;
const FILE_ROUTE = '/api/Media/File';

/** A voice file: at most 5 MB (413 `media.tooLarge` on `file`), never empty; the audio reader judges the rest. */
export const VOICE_UPLOAD: UploadKind = {
  name: 'media-voice',
  maxBytes: VOICE_MAX_BYTES,
  tooLarge: fileTooLarge('media.tooLarge'),
  empty: () => fieldError('file', 'media.empty'),
};

/** What a voice send needs of a file: its length (priced) and whose it is. */
export interface VoiceFile {
  id: number;
  title: string;
  seconds: number;
}

export function publicMedia(row: MediaRow) {
  return {
    id: row.id, organizationId: row.organizationId, userId: row.userId, title: row.title, fileType: row.fileType,
    fileTypes: row.fileType, fileSizePerKilobyte: row.fileSizePerKilobyte, sizeBytes: row.sizeBytes,
    duration: Number(row.durationExact), durationSeconds: row.durationSeconds, parts: voiceParts(row.durationSeconds),
    url: downloadLink(FILE_ROUTE, row.token), createdAt: row.createdAt,
  };
}

/**
 * Uploaded media: voice files for voice sends. The type is judged from the bytes (RIFF/WAVE or
 * MPEG audio frames), never the name; the length is read from the file itself. Tenancy as every
 * entity: administrators see their organization and below, plain users their own uploads.
 */
@injectable()
export class MediaService {
  constructor(
    @inject(MediaRepository) private readonly repo: MediaRepository,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(UploadIntake) private readonly intake: UploadIntake,
  ) {}

  /** The file goes into the database (see CONTEXT: bytes in the database); the intake's copy goes at once. */
  async upload(ctx: Actor, source: UploadSource) {
    const stored = await this.intake.receive(VOICE_UPLOAD, source);
    let bytes: Buffer;
    try {
      bytes = await this.intake.bytes(stored);
    } finally {
      await this.intake.discard(stored);
    }
    const probe = probeAudio(bytes);
    if (probe === 'compressedWav') throw fieldError('file', 'media.compressedWav');
    if (!probe) throw fieldError('file', 'media.notAudio');
    const title = (source.fileName?.trim() || `voice.${probe.type}`).slice(0, 200);
    const row = await this.uow.run(async (tx) => {
      const inserted = await this.repo.insert(tx, {
        organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId, title, fileType: probe.type, contentType: CONTENT_TYPES[probe.type],
        fileSizePerKilobyte: Math.ceil(bytes.length / 1024), sizeBytes: bytes.length,
        durationExact: probe.seconds.toFixed(3), durationSeconds: pricedSeconds(probe.seconds),
        token: newDownloadKey(), content: bytes,
      });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'Media', referenceId: inserted.id, newData: { title, fileType: probe.type, sizeBytes: bytes.length, durationSeconds: inserted.durationSeconds } });
      return inserted;
    });
    return publicMedia(row);
  }

  async list(ctx: Actor, query: { pageIndex: number; pageSize: number; search?: string }) {
    const page = await this.repo.list(ctx.tenant, this.ownerFilter(ctx), normalizeSearch(query));
    return { items: page.items.map(publicMedia), totalCount: page.totalCount };
  }

  async get(ctx: Actor, id: number) {
    return publicMedia(await this.visible(ctx, id));
  }

  async delete(ctx: Actor, id: number) {
    const row = await this.visible(ctx, id);
    await this.uow.run(async (tx) => {
      // Locked first, so a send being stored with this file is committed (and seen below) or waits.
      if (!(await this.repo.lockLive(tx, id, 'update'))) throw notFound('media.notFound');
      if (await this.repo.usedByOpenSend(tx, id)) throw conflict('media.inUse');
      await this.repo.softDelete(tx, id, this.clock.now());
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'Media', referenceId: id, oldData: { title: row.title } });
    });
    return null;
  }

  /** A file the caller may send (for messaging's voice compose), or 400 on `voiceFile`. */
  async voiceFileFor(ctx: Actor, id: number): Promise<VoiceFile> {
    const row = await this.repo.findVisible(ctx.tenant, id, this.ownerFilter(ctx));
    if (!row) throw fieldError('voiceFile', 'media.notFound');
    return { id: row.id, title: row.title, seconds: row.durationSeconds };
  }

  /**
   * Inside the transaction that stores a voice send: keeps the file from being deleted until the
   * send is committed (a delete then sees it and answers `media.inUse`), or answers 400 on
   * `voiceFile` when it was deleted since the compose checked it.
   */
  async keepForSend(tx: Tx, id: number): Promise<void> {
    if (!(await this.repo.lockLive(tx, id, 'share'))) throw fieldError('voiceFile', 'media.notFound');
  }

  /** The address a voice provider fetches the file from (no session: the token is the key). */
  async publicUrl(id: number): Promise<string | null> {
    const token = await this.repo.tokenOf(id);
    if (!token) return null;
    const base = (this.config.mediaBaseUrl ?? this.config.publicOrigin ?? `http://127.0.0.1:${this.config.port}`).replace(/\/+$/, '');
    return downloadLink(FILE_ROUTE, token, base);
  }

  /** The bytes behind a public token, or 404. */
  async file(token: string): Promise<{ contentType: string; content: Buffer }> {
    const found = await this.repo.contentByToken(token);
    if (!found) throw notFound('media.notFound');
    return found;
  }

  /** Plain users see only their own uploads; administrators their tenant's slice. */
  private ownerFilter(ctx: Actor): number | null {
    return ctx.principal.isAdmin ? null : ctx.principal.userId;
  }

  private async visible(ctx: Actor, id: number): Promise<MediaRow> {
    const row = await this.repo.findVisible(ctx.tenant, id, this.ownerFilter(ctx));
    if (!row) throw notFound('media.notFound');
    return row;
  }
}
