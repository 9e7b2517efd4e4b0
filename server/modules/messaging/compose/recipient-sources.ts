import { inject, injectable } from 'inversify';
import type { Actor } from '../../../platform/actor.js';
import { AppError, fieldError } from '../../../platform/http/errors.js';
import type { RecipientSet } from './recipient-set.js';
import type { GatheredRecipients, RecipientSource, RecipientSourceContext, RecipientSourceInput } from './recipient-source-contract.js';
import { UploadsService } from './uploads.service.js';
import { PhonebookRecipientSource } from './phonebook-recipient-source.js';

// The contract (and its token) lives in its own file so that providers in other files (the phonebook, other modules) need not import this list.
export type { GatheredRecipients, RecipientSource, RecipientSourceContext, RecipientSourceInput } from './recipient-source-contract.js';
export { RECIPIENT_SOURCES } from './recipient-source-contract.js';

/** The typed list (`receivers`), and the single mobile of a fast send. */
@injectable()
export class ManualRecipientSource implements RecipientSource<Extract<RecipientSourceInput, { kind: 'manual' }>> {
  readonly kind = 'manual';
  readonly field = 'receivers';
  async collect(_actor: Actor, input: Extract<RecipientSourceInput, { kind: 'manual' }>, set: RecipientSet, ctx: RecipientSourceContext): Promise<void> {
    // Counted as typed, before normalization: the maximum is on what the user entered.
    const max = await ctx.setting('MaxManualRecipients');
    if (input.numbers.length > max) throw fieldError(this.field, 'messaging.maxNumbers', { number: max });
    for (const n of input.numbers) set.add(n);
  }
}

/** Pasted text (`receiversText`): any separators, one flat string. */
@injectable()
export class TextRecipientSource implements RecipientSource<Extract<RecipientSourceInput, { kind: 'text' }>> {
  readonly kind = 'text';
  readonly field = 'receiversText';
  async collect(_actor: Actor, input: Extract<RecipientSourceInput, { kind: 'text' }>, set: RecipientSet, ctx: RecipientSourceContext): Promise<void> {
    const max = await ctx.setting('MaxClipboardRecipients');
    set.addText(input.text);
    // Judged on the set after adding: the maximum is on distinct valid receivers so far.
    if (set.size > max) throw fieldError(this.field, 'messaging.maxNumbers', { number: max });
  }
}

/** The bulk list (`bulkRecipients`): strict (Bulk) refuses any invalid mobile, lenient (Bulk2) counts it. */
@injectable()
export class BulkRecipientSource implements RecipientSource<Extract<RecipientSourceInput, { kind: 'bulk' }>> {
  readonly kind = 'bulk';
  readonly field = 'bulkRecipients';
  async collect(_actor: Actor, input: Extract<RecipientSourceInput, { kind: 'bulk' }>, set: RecipientSet, ctx: RecipientSourceContext): Promise<void> {
    const max = await ctx.setting('MaxClipboardRecipients');
    if (input.items.length > max) throw fieldError(this.field, 'messaging.maxNumbers', { number: max });
    const issues: { propertyName: string; key: string }[] = [];
    input.items.forEach((item, i) => {
      if (!set.add(item.mobile, item.description ?? null) && input.strict) issues.push({ propertyName: `${this.field}[${i}].mobile`, key: 'messaging.invalidMobile' });
    });
    if (issues.length > 0) throw new AppError(400, 'status.400', {}, issues.slice(0, 100));
  }
}

/** An upload (`recipientsUploadId`): parsed and deduplicated when it arrived; removed once a send uses it. */
@injectable()
export class UploadRecipientSource implements RecipientSource<Extract<RecipientSourceInput, { kind: 'upload' }>> {
  readonly kind = 'upload';
  readonly field = 'recipientsUploadId';
  readonly excludes = ['manual', 'text'] as const;
  constructor(@inject(UploadsService) private readonly uploads: UploadsService) {}
  async collect(actor: Actor, input: Extract<RecipientSourceInput, { kind: 'upload' }>): Promise<GatheredRecipients> {
    const { summary, recipients } = await this.uploads.load(input.uploadId, actor.principal.userId);
    return { items: recipients, wrongNumberCount: summary.wrongNumberCount, duplicateCount: summary.duplicateCount, invalidSamples: summary.invalidSamples, size: recipients.length };
  }
  async consumed(input: Extract<RecipientSourceInput, { kind: 'upload' }>): Promise<void> {
    await this.uploads.discard(input.uploadId);
  }
}

/** A stored, already normalized list (a periodic definition's receivers at each occurrence). */
@injectable()
export class StoredListRecipientSource implements RecipientSource<Extract<RecipientSourceInput, { kind: 'list' }>> {
  readonly kind = 'list';
  readonly field = 'receivers';
  async collect(_actor: Actor, input: Extract<RecipientSourceInput, { kind: 'list' }>): Promise<GatheredRecipients> {
    return { items: input.items, wrongNumberCount: input.wrongNumberCount, duplicateCount: input.duplicateCount, invalidSamples: [], size: input.items.length };
  }
}

/** Registration order is gathering order among whole lists (a stored list before an upload, as before the seam). */
export const RECIPIENT_SOURCE_PROVIDERS = [StoredListRecipientSource, UploadRecipientSource, ManualRecipientSource, TextRecipientSource, BulkRecipientSource, PhonebookRecipientSource] as const;
