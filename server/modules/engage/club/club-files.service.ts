import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { Actor } from '../../../platform/actor.js';
import type { Translator } from '../../../platform/i18n.js';
import { fieldError } from '../../../platform/http/errors.js';
import { fileTooLarge, UploadIntake, type UploadKind, type UploadSource } from '../../../platform/upload/upload-intake.service.js';
import { managerOwnerFilter } from '../../approvals/index.js';
import { ClubFilesRepository, type ClubFileRow } from './club-files.repository.js';
import { ClubFileImporter } from './club-files.worker.js';

/** The club file upload: xlsx or CSV, at most 10 MB (a store's purchase history). */
export const CLUB_FILE_KIND: UploadKind = {
  name: 'club-file',
  maxBytes: 10 * 1024 * 1024,
  tooLarge: fileTooLarge('club.fileTooLarge'),
  empty: () => fieldError('file', 'club.fileEmpty'),
  types: ['zip', 'text'],
  wrongType: () => fieldError('file', 'club.fileWrongType'),
};

/** A file as the panel sees it: its failure in the reader's language, never where it is stored. */
export function publicClubFile(row: ClubFileRow, t: (key: string) => string) {
  const { storedPath: _path, storedBytes: _bytes, ...rest } = row;
  return { ...rest, failedReason: row.failedReason ? t(row.failedReason) : null };
}

/**
 * Club files (the spec's Smart club title and club file progress): an uploaded spreadsheet of
 * purchases (mobile, amount, points, purchase id, name) that a worker adds to the club's members,
 * with progress (progressPercent of totalCount) pushed to the uploader's sockets.
 */
@injectable()
export class ClubFilesService {
  constructor(
    @inject(ClubFilesRepository) private readonly repo: ClubFilesRepository,
    @inject(ClubFileImporter) private readonly importer: ClubFileImporter,
    @inject(UploadIntake) private readonly intake: UploadIntake,
    @inject(TYPES.Translator) private readonly translator: Translator,
  ) {}

  async upload(ctx: Actor, source: UploadSource, smartSmsClubTitle: string) {
    const title = smartSmsClubTitle.trim();
    if (!title) throw fieldError('smartSmsClubTitle', 'club.titleRequired');
    const stored = await this.intake.receive(CLUB_FILE_KIND, source);
    const row = await this.repo.insert({
      organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId, smartSmsClubTitle: title,
      fileName: (source.fileName ?? 'club-file').slice(0, 300), storedPath: stored.path as string, storedBytes: stored.size,
    });
    await this.importer.enqueue(row.id);
    return publicClubFile(row, (k) => this.translator.t(ctx.culture, k));
  }

  async list(ctx: Actor, pageIndex: number, pageSize: number) {
    const page = await this.repo.list(ctx.tenant, managerOwnerFilter(ctx), pageIndex, pageSize);
    return { ...page, items: page.items.map((r) => publicClubFile(r, (k) => this.translator.t(ctx.culture, k))) };
  }
}
