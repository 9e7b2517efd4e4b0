import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { Actor } from '../../../platform/actor.js';
import type { Culture, Translator } from '../../../platform/i18n.js';
import { fieldError } from '../../../platform/http/errors.js';
import type { SchemaType } from '../../../platform/http/router.js';
import type { UploadSource } from '../../../platform/upload/upload-intake.service.js';
import { ComposeService, type ComposeInput } from '../compose/compose.service.js';
import { P2PFilesService } from './p2p-files.service.js';
import { p2pTemplateFile } from './p2p-template.file.js';
import type { p2pSendSchema } from './p2p.schemas.js';

type P2PBody = SchemaType<typeof p2pSendSchema>;

/** The column a tracking-number P2P file must have, and its template must name (any case). */
export const TRACKING_COLUMN = 'trackingNumber';

/**
 * P2P sends from a file, through the one compose path (standing, line with isSendP2P, windows,
 * texts, blacklist, early check, one transaction with the hold and the limits). This service only
 * turns the request into a compose input and adds the duplicate warning the spec asks for.
 */
@injectable()
export class P2PSendService {
  constructor(
    @inject(ComposeService) private readonly compose: ComposeService,
    @inject(P2PFilesService) private readonly files: P2PFilesService,
    @inject(TYPES.Translator) private readonly translator: Translator,
  ) {}

  /** The file to start from (Sheet1, the titles the rules ask for, two example rows), in the caller's language. */
  template(culture: Culture) {
    return p2pTemplateFile(this.translator, culture);
  }

  async upload(ctx: Actor, source: UploadSource) {
    return this.files.receive(source, {
      fileName: (source.fileName?.trim() || 'p2p').slice(0, 200),
      userId: ctx.principal.userId,
      maxRows: await this.compose.setting('MaxUploadRecipients'),
      maxBytes: (await this.compose.setting('MaxUploadMegabytes')) * 1024 * 1024,
    });
  }

  async calculate(ctx: Actor, body: P2PBody, tracking: boolean) {
    return { ...await this.compose.calculate(ctx, this.input(body, tracking)), duplicateWarning: this.warning(ctx, body) };
  }

  async create(ctx: Actor, body: P2PBody, tracking: boolean) {
    const send = await this.compose.create(ctx, this.input(body, tracking), { values: { p2PIsSendDuplicateNumber: body.p2PIsSendDuplicateNumber === true } });
    return { ...send, duplicateWarning: this.warning(ctx, body) };
  }

  /** The spec's warning when the sender keeps repeated numbers: they are not removed, each row is paid for. */
  private warning(ctx: Actor, body: P2PBody): string | null {
    return body.p2PIsSendDuplicateNumber ? this.translator.t(ctx.culture, 'messaging.p2pDuplicatesKept') : null;
  }

  private input(body: P2PBody, tracking: boolean): ComposeInput {
    const { uploadId, smsBody, p2PIsSendDuplicateNumber, typeSend, gradualStepCount, gradualIntervalMinutes, ...rest } = body;
    const template = smsBody?.trim() ? smsBody : null;
    if (tracking && template === null) throw fieldError('smsBody', 'messaging.p2pTemplateRequired', { column: `{${TRACKING_COLUMN}}` });
    return {
      ...rest, smsBody: template ?? '', sendType: 'P2P', textPerReceiver: template === null, byHand: true,
      sources: [{ kind: 'p2p', uploadId, template, keepDuplicates: p2PIsSendDuplicateNumber === true, trackingColumn: tracking ? TRACKING_COLUMN : null }],
      gradual: typeSend === 'gradual' ? { stepCount: gradualStepCount ?? 0, intervalMinutes: gradualIntervalMinutes ?? 0 } : null,
    };
  }
}
