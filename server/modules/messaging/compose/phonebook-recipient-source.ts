import { inject, injectable } from 'inversify';
import type { Actor } from '../../../platform/actor.js';
import { fieldError } from '../../../platform/http/errors.js';
import { ContactsService, CustomFieldsService, type StreamedContact } from '../../contacts/index.js';
import type { RecipientSet } from './recipient-set.js';
import type { RecipientSource, RecipientSourceContext, RecipientSourceInput } from './recipient-source-contract.js';
import { compileTemplate, parseTemplate, type TemplateContact } from './dynamic-template.js';

type PhonebookInput = Extract<RecipientSourceInput, { kind: 'phonebook' }>;

/** The contact's own fields a phonebook send may filter on (custom fields are named by their nameEn). */
export const PHONEBOOK_FILTER_FIELDS = ['firstName', 'lastName', 'email', 'job', 'address', 'phonebookGroup', 'telephone', 'birthdate'] as const;
type OwnField = (typeof PHONEBOOK_FILTER_FIELDS)[number];

/** Contacts per read: a 500,000-contact phonebook in 25 round trips rather than 100 (bench:dynamic). */
const STREAM_BATCH = 20_000;

/** A field filter resolved for one phonebook: its own field, or the organization's custom field by its exact nameEn. */
type ResolvedFilter = { own: OwnField } | { custom: string };

/** Text of a value as compared by the filter: trimmed, case-folded (booleans and numbers as written). */
const folded = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim().toLocaleLowerCase('en'));

/**
 * One or more phonebooks (`CreateScheduledMessageByPhonebook`). Contacts come in phonebook order
 * (as requested), then id order inside each (the contacts list's order): the 'From index' (1-based)
 * and 'Number' range counts positions in that sequence before the filter, so it names the contacts
 * the user sees at those rows; then the optional filter keeps contacts whose field equals the value
 * (case and surrounding spaces ignored). Numbers are streamed (a million contacts never sit in
 * memory twice) into the request's set, which normalizes and deduplicates across phonebooks.
 */
@injectable()
export class PhonebookRecipientSource implements RecipientSource<PhonebookInput> {
  readonly kind = 'phonebook';
  readonly field = 'phonebookIds';
  constructor(
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(CustomFieldsService) private readonly fields: CustomFieldsService,
  ) {}

  async collect(actor: Actor, input: PhonebookInput, set: RecipientSet, ctx: RecipientSourceContext): Promise<void> {
    const ids = [...new Set(input.phonebookIds)];
    // Visible to the sender (404 otherwise); seeing the contacts themselves is not needed to send.
    const books = [];
    for (const id of ids) books.push(await this.contacts.phonebookForSend(actor, id));
    const total = books.reduce((n, b) => n + b.contactsCount, 0);
    const { start, end } = rangeOf(input, total);
    const filters = input.filter ? await Promise.all(books.map((b) => this.resolveFilter(b.organizationId, input.filter!.field))) : null;
    const wanted = input.filter ? folded(input.filter.value) : '';
    const renderers = input.template === null || input.template === undefined ? null : await this.renderers(books, input.template);
    const max = await ctx.setting('MaxUploadRecipients');
    let position = 0;
    for (const [k, book] of books.entries()) {
      if (position >= end) break;
      // A whole phonebook before the range is skipped without reading it.
      if (position + book.contactsCount <= start) {
        position += book.contactsCount;
        continue;
      }
      const filter = filters?.[k] ?? null;
      const render = renderers?.[k] ?? null;
      for await (const batch of this.contacts.streamContacts(actor, book.id, { batchSize: STREAM_BATCH })) {
        for (const c of batch) {
          const at = position++;
          if (at < start) continue;
          if (at >= end) break;
          if (filter && folded(valueOf(c, filter)) !== wanted) continue;
          if (render) set.add(c.cellphone, null, render(c));
          else set.add(c.cellphone);
        }
        if (position >= end) break;
        if (set.size > max) throw fieldError(this.field, 'messaging.maxNumbers', { number: max });
      }
    }
    if (set.size > max) throw fieldError(this.field, 'messaging.maxNumbers', { number: max });
  }

  /** A dynamic template compiled for each phonebook's organization's custom fields; an unknown placeholder refuses the send. */
  private async renderers(books: { organizationId: number }[], template: string): Promise<((c: TemplateContact) => string)[]> {
    const parts = parseTemplate(template);
    const out: ((c: TemplateContact) => string)[] = [];
    for (const book of books) {
      const compiled = compileTemplate(parts, (await this.fields.ofOrganization(book.organizationId)).map((f) => ({ nameEn: f.nameEn, type: f.type })));
      if ('unknown' in compiled) throw fieldError('smsBody', 'messaging.dynamicUnknownField', { fields: compiled.unknown.map((n) => `{${n}}`).join(' ') });
      out.push(compiled.render);
    }
    return out;
  }

  /** The filter's field in one phonebook's organization: a contact field, or a custom field's nameEn (any case). */
  private async resolveFilter(organizationId: number, name: string): Promise<ResolvedFilter> {
    const own = PHONEBOOK_FILTER_FIELDS.find((f) => f.toLowerCase() === name.toLowerCase());
    if (own) return { own };
    const custom = (await this.fields.ofOrganization(organizationId)).find((f) => f.nameEn.toLowerCase() === name.toLowerCase());
    if (!custom) throw fieldError('filterField', 'messaging.phonebookFilterUnknown', { name });
    return { custom: custom.nameEn };
  }
}

function valueOf(c: StreamedContact, filter: ResolvedFilter): unknown {
  return 'own' in filter ? c[filter.own] : c.fields[filter.custom];
}

/**
 * Positions [start, end) of the range (0-based). 'From index' is 1-based; without 'Number' the
 * range runs to the last contact. Beyond the contacts count: the spec's 'Indexing is wrong'.
 */
export function rangeOf(input: Pick<PhonebookInput, 'fromIndex' | 'number'>, total: number): { start: number; end: number } {
  const from = input.fromIndex ?? 1;
  if (from > total) throw fieldError('fromIndex', 'messaging.indexingWrong');
  const start = from - 1;
  if (input.number === null || input.number === undefined) return { start, end: total };
  if (start + input.number > total) throw fieldError('number', 'messaging.indexingWrong');
  return { start, end: start + input.number };
}
