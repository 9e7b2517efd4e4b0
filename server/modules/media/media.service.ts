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
import { imageUploadKind } from '../../platform/upload/image-upload.js';
import { IMAGE_MAX_BYTES } from '../../shared/media/image-rules.js';
import { MediaRepository, type MediaKind, type MediaRow } from './media.repository.js';

const CONTENT_TYPES = { mp3: 'audio/mpeg', wav: 'audio/wav', png: 'image/png', jpg: 'image/jpeg' } as const;

/**
 * An image (the spec: png, jpg or jpeg, at most 1 MB): the intake judges the type from the bytes
 * (PNG or JPEG signature, never the name) and reads the pixel size from the header, so a small
 * file that would decode into a huge bitmap is refused before anything shows it.
 */
export const IMAGE_UPLOAD: UploadKind = {
  ...imageUploadKind('media-image', { maxBytes: IMAGE_MAX_BYTES, maxWidth: 8_000, maxHeight: 8_000, maxPixels: 40_000_000 }),
  tooLarge: fileTooLarge('media.imageTooLarge'),
  empty: () => fieldError('file', 'media.empty'),
  wrongType: () => fieldError('file', 'media.notImage'),
};
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

export function publicImage(row: MediaRow) {
  return {
    id: row.id, organizationId: row.organizationId, userId: row.userId, title: row.title, fileType: row.fileType as 'png' | 'jpg',
    fileTypes: row.fileType as 'png' | 'jpg', fileSizePerKilobyte: row.fileSizePerKilobyte, sizeBytes: row.sizeBytes,
    width: row.width ?? 0, height: row.height ?? 0, url: downloadLink(FILE_ROUTE, row.token), createdAt: row.createdAt,
  };
}

export function publicMedia(row: MediaRow) {
  return {
    id: row.id, organizationId: row.organizationId, userId: row.userId, title: row.title, fileType: row.fileType,
    fileTypes: row.fileType, fileSizePerKilobyte: row.fileSizePerKilobyte, sizeBytes: row.sizeBytes,
    duration: Number(row.durationExact), durationSeconds: row.durationSeconds ?? 0, parts: voiceParts(row.durationSeconds ?? 0),
    url: downloadLink(FILE_ROUTE, row.token), createdAt: row.createdAt,
  };
}

/**
 * Uploaded media: voice files for voice sends, and images (png/jpg) for the media library. The type is judged from the bytes (RIFF/WAVE or
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
    const page = await this.repo.list(ctx.tenant, this.ownerFilter(ctx), normalizeSearch(query), 'Voice');
    return { items: page.items.map(publicMedia), totalCount: page.totalCount };
  }

  async get(ctx: Actor, id: number) {
    return publicMedia(await this.visible(ctx, id, 'Voice'));
  }

  /**
   * An image into the media library: png or jpeg judged from the bytes by the upload intake
   * (413 `media.imageTooLarge` over 1 MB, 400 `media.notImage` for any other content, whatever its
   * name), stored in the database like a voice file and served at its public address.
   */
  async uploadImage(ctx: Actor, source: UploadSource) {
    const stored = await this.intake.receive(IMAGE_UPLOAD, source);
    let bytes: Buffer;
    try {
      bytes = await this.intake.bytes(stored);
    } finally {
      await this.intake.discard(stored);
    }
    const fileType = stored.detectedType === 'png' ? 'png' : 'jpg';
    const title = (source.fileName?.trim() || `image.${fileType}`).slice(0, 200);
    const row = await this.uow.run(async (tx) => {
      const inserted = await this.repo.insert(tx, {
        organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId, title, fileType, contentType: CONTENT_TYPES[fileType],
        fileSizePerKilobyte: Math.ceil(bytes.length / 1024), sizeBytes: bytes.length, durationExact: null, durationSeconds: null,
        width: stored.image?.width ?? null, height: stored.image?.height ?? null, token: newDownloadKey(), content: bytes,
      });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'Media', referenceId: inserted.id, newData: { title, fileType, sizeBytes: bytes.length, width: inserted.width, height: inserted.height } });
      return inserted;
    });
    return publicImage(row);
  }

  async listImages(ctx: Actor, query: { pageIndex: number; pageSize: number; search?: string }) {
    const page = await this.repo.list(ctx.tenant, this.ownerFilter(ctx), normalizeSearch(query), 'Image');
    return { items: page.items.map(publicImage), totalCount: page.totalCount };
  }

  async getImage(ctx: Actor, id: number) {
    return publicImage(await this.visible(ctx, id, 'Image'));
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
    const row = await this.repo.findVisible(ctx.tenant, id, this.ownerFilter(ctx), undefined, 'Voice');
    if (!row) throw fieldError('voiceFile', 'media.notFound');
    return { id: row.id, title: row.title, seconds: row.durationSeconds ?? 0 };
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

  private async visible(ctx: Actor, id: number, kind?: MediaKind): Promise<MediaRow> {
    const row = await this.repo.findVisible(ctx.tenant, id, this.ownerFilter(ctx), undefined, kind);
    if (!row) throw notFound('media.notFound');
    return row;
  }
}
