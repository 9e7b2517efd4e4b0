import { inject, injectable } from 'inversify';
import type { Actor } from '../../../platform/actor.js';
import { fieldError } from '../../../platform/http/errors.js';
import { RecipientSet } from '../compose/recipient-set.js';
import type { GatheredRecipients, RecipientSource, RecipientSourceContext, RecipientSourceInput } from '../compose/recipient-source-contract.js';
import { compileColumnTemplate, parseTemplate, placeholderNames } from '../compose/dynamic-template.js';
import { P2PFilesService } from './p2p-files.service.js';

type P2PInput = Extract<RecipientSourceInput, { kind: 'p2p' }>;

/** Rows read between two turns of the event loop. */
const YIELD_ROWS = 5_000;

/**
 * A P2P file (`CreateP2PScheduledMessage`, `CreateTrackingNumberP2PScheduledMessage`): one receiver
 * per row, mobile in the first column, its text the second column or the template filled from its
 * columns. A whole list (nothing else is merged with it). Repeated mobiles are dropped (first row
 * wins, counted in duplicateCount) unless the sender keeps them: then every row is its own receiver.
 */
@injectable()
export class P2PRecipientSource implements RecipientSource<P2PInput> {
  readonly kind = 'p2p';
  readonly field = 'uploadId';
  constructor(@inject(P2PFilesService) private readonly files: P2PFilesService) {}

  async collect(actor: Actor, input: P2PInput, _set: RecipientSet, ctx: RecipientSourceContext): Promise<GatheredRecipients> {
    const summary = await this.files.summary(input.uploadId, actor.principal.userId);
    // Judged again at the send: the setting may have been lowered since the upload.
    const max = await ctx.setting('MaxUploadRecipients');
    if (summary.rowCount > max) throw fieldError(this.field, 'messaging.maxNumbers', { number: max });
    const tracking = input.trackingColumn ? trackingIndex(input, summary.columns) : -1;
    const render = this.renderer(input, summary.columns);
    const set = new RecipientSet({ keepDuplicates: input.keepDuplicates });
    let read = 0;
    for await (const { row, cells } of this.files.rows(input.uploadId)) {
      // Buffered lines arrive as microtasks, which never let the event loop turn: give it a turn now and then.
      if (++read % YIELD_ROWS === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const text = render(cells);
      const valid = set.add(cells[0] ?? '', null, text);
      if (!valid) continue;
      // A receiver's message without what it exists to carry is refused, not sent as empty and paid for.
      if (tracking >= 0 && !cells[tracking]) throw fieldError(this.field, 'messaging.p2pTrackingNumberEmpty', { row });
      if (input.template === null && !text.trim()) throw fieldError(this.field, 'messaging.p2pRowTextEmpty', { row });
    }
    return set;
  }

  async consumed(input: P2PInput): Promise<void> {
    await this.files.discard(input.uploadId);
  }

  /** Each row's text: the template filled from its columns, or its second column as written. */
  private renderer(input: P2PInput, columns: string[]): (cells: readonly string[]) => string {
    if (input.template === null) {
      if (columns.length < 2) throw fieldError('smsBody', 'messaging.p2pTextColumnMissing');
      return (cells) => cells[1] ?? '';
    }
    const parts = parseTemplate(input.template);
    const compiled = compileColumnTemplate(parts, columns);
    if ('unknown' in compiled) throw fieldError('smsBody', 'messaging.p2pUnknownColumn', { fields: compiled.unknown.map((n) => `{${n}}`).join(' ') });
    if (input.trackingColumn && !placeholderNames(parts).some((n) => n.toLowerCase() === input.trackingColumn!.toLowerCase())) {
      throw fieldError('smsBody', 'messaging.p2pTrackingPlaceholder', { column: `{${input.trackingColumn}}` });
    }
    return compiled.render;
  }
}

/** The tracking number's column (its title in any case); a file without one is refused on the upload. */
function trackingIndex(input: P2PInput, columns: string[]): number {
  const index = columns.findIndex((c) => c.toLowerCase() === input.trackingColumn!.toLowerCase());
  if (index <= 0) throw fieldError('uploadId', 'messaging.p2pTrackingColumnMissing', { column: input.trackingColumn });
  return index;
}
