import { InboxGroupsRepository } from './inbox-groups.repository.js';
import { userPatternRefusal } from '../../shared/text/user-pattern.js';
import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound, type ValidationIssue } from '../../platform/http/errors.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { OutboundUrlGuard } from '../../platform/outbound/outbound-url-guard.js';
import { normalizeMobile } from '../../shared/sms/phone-numbers.js';
import { AuditService } from '../audit/index.js';
import { ContactsService } from '../contacts/index.js';
import { PrivateNumbersService } from '../numbers/index.js';
import { TextParsersRepository, type TextParserRow, type TextParserValues } from './text-parsers.repository.js';
import { TextParsersCache } from './text-parsers.step.js';
import {
  MAX_DELAY, parseNumberRange, senderPrefix,
  type IfConditionType, type SenderConditionType, type SentDelayType, type ThenConditionType,
} from './text-parsers.match.js';

/** The claim of text parsers: they live beside the inbox (the "Receive" module gates both). */
export const TEXT_PARSERS_CLAIM = 'SmsReports.Inbox';

export interface TextParserInput {
  title: string;
  privateNumberId: number;
  isActive?: boolean;
  isChildrenChange?: boolean;
  senderConditionType?: SenderConditionType;
  senderConditionValue?: string | null;
  senderPhonebookId?: number | null;
  ifConditionType?: IfConditionType;
  ifConditionValue?: string | null;
  thenConditionType: ThenConditionType;
  thenConditionValue?: string | null;
  mobileNumber?: string | null;
  email?: string | null;
  matchingDynamicTemplateId?: number | null;
  noMatchingDynamicTemplateId?: number | null;
  ipAndPort?: string | null;
  sentDelayType?: SentDelayType;
  sentDelayValue?: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const blank = (v: string | null | undefined) => (v ?? '').trim() === '';
const required = (propertyName: string): ValidationIssue => ({ propertyName, key: 'validation.required', params: { field: propertyName } });

/** Text parsers: CRUD with every field judged against the caller's lines, phonebooks, templates and the URL guard. */
@injectable()
export class TextParsersService {
  constructor(
    @inject(TextParsersRepository) private readonly repo: TextParsersRepository,
    @inject(TextParsersCache) private readonly cache: TextParsersCache,
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(PrivateNumbersService) private readonly numbers: PrivateNumbersService,
    @inject(OutboundUrlGuard) private readonly outbound: OutboundUrlGuard,
    @inject(InboxGroupsRepository) private readonly groups: InboxGroupsRepository,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  async list(ctx: Actor, q: { pageIndex: number; pageSize: number; search?: string; privateNumberId?: number }) {
    const search = normalizeSearch({ search: q.search, pageIndex: q.pageIndex, pageSize: q.pageSize }).search ?? null;
    // Plain users see their own parsers; administrators their organization's and below (as occasions).
    return this.repo.list(ctx.tenant, { ...q, search, userId: ctx.tenant.subtree ? undefined : ctx.principal.userId });
  }

  async get(ctx: Actor, id: number) {
    return this.visible(ctx, id);
  }

  async create(ctx: Actor, input: TextParserInput) {
    const values = await this.judge(ctx, input);
    const row = await this.uow.run(async (tx) => {
      const created = await this.repo.insert(tx, { organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId }, values);
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'TextParser', referenceId: created.id, newData: { ...values } });
      return created;
    });
    this.cache.invalidate(row.privateNumberId);
    return this.view(row);
  }

  /** The owner stays the creator: replies are their sends (line, credit), whoever edits. */
  async update(ctx: Actor, id: number, input: TextParserInput) {
    const before = await this.visible(ctx, id);
    const values = await this.judge(ctx, input, before);
    const row = await this.uow.run(async (tx) => {
      const changed = await this.repo.update(tx, id, values, this.clock.now());
      if (!changed) throw notFound('textParsers.notFound');
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'TextParser', referenceId: id, oldData: before, newData: { ...values } });
      return changed;
    });
    this.cache.invalidate(before.privateNumberId);
    this.cache.invalidate(row.privateNumberId);
    return this.view(row);
  }

  async setActive(ctx: Actor, id: number, isActive: boolean) {
    const before = await this.visible(ctx, id);
    const row = await this.uow.run(async (tx) => {
      const changed = await this.repo.update(tx, id, { isActive }, this.clock.now());
      if (!changed) throw notFound('textParsers.notFound');
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'TextParser', referenceId: id, newData: { isActive } });
      return changed;
    });
    this.cache.invalidate(before.privateNumberId);
    return this.view(row);
  }

  async delete(ctx: Actor, id: number) {
    const before = await this.visible(ctx, id);
    await this.uow.run(async (tx) => {
      await this.repo.delete(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'TextParser', referenceId: id, oldData: before });
    });
    this.cache.invalidate(before.privateNumberId);
    return { id };
  }

  private async visible(ctx: Actor, id: number) {
    const row = await this.repo.visible(ctx.tenant, id);
    if (!row || (!ctx.tenant.subtree && row.userId !== ctx.principal.userId)) throw notFound('textParsers.notFound');
    return row;
  }

  private async view(row: TextParserRow) {
    const line = await this.repo.lineOwner(row.privateNumberId);
    return { ...row, senderNumber: line?.number ?? null };
  }

  /**
   * Every problem of the form at once, each on its field (the spec's validationErrors). Fields the
   * chosen types do not read are stored empty, so a parser never acts on a value its form hid.
   */
  private async judge(ctx: Actor, input: TextParserInput, current?: TextParserRow): Promise<TextParserValues> {
    const issues: ValidationIssue[] = [];
    const title = input.title.trim();
    if (!title) issues.push(required('title'));

    // Replies are the owner's Single sends from this line; its inbound must be this organization's.
    const owner = current ? current.organizationId : ctx.tenant.organizationId;
    const usable = (await this.numbers.myNumbers(ctx, 'Single')).some((l) => l.id === input.privateNumberId);
    const line = await this.repo.lineOwner(input.privateNumberId);
    if (!usable || !line) issues.push({ propertyName: 'privateNumberId', key: 'textParsers.lineNotUsable' });
    else if (line.organizationId !== owner) issues.push({ propertyName: 'privateNumberId', key: 'textParsers.lineNotOwned' });

    const phonebookOfOwner = async (propertyName: string, id: number | null | undefined): Promise<number | null> => {
      if (!id) { issues.push(required(propertyName)); return null; }
      try {
        const book = await this.contacts.phonebookForSend(ctx, id);
        if (book.organizationId === owner) return book.id;
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 404) throw err;
      }
      issues.push({ propertyName, key: 'textParsers.phonebookNotUsable' });
      return null;
    };

    const senderConditionType = input.senderConditionType ?? 'Any';
    let senderConditionValue: string | null = null;
    let senderPhonebookId: number | null = null;
    if (senderConditionType === 'Equals') {
      if (blank(input.senderConditionValue)) issues.push(required('senderConditionValue'));
      else {
        const m = normalizeMobile(input.senderConditionValue!.trim());
        if (m) senderConditionValue = m.number;
        else issues.push({ propertyName: 'senderConditionValue', key: 'validation.mobile', params: { field: 'senderConditionValue' } });
      }
    } else if (senderConditionType === 'StartsWith') {
      if (blank(input.senderConditionValue)) issues.push(required('senderConditionValue'));
      else {
        senderConditionValue = senderPrefix(input.senderConditionValue!);
        if (!senderConditionValue) issues.push({ propertyName: 'senderConditionValue', key: 'textParsers.senderPrefixInvalid' });
      }
    } else if (senderConditionType === 'InPhonebook' || senderConditionType === 'NotInPhonebook') {
      senderPhonebookId = await phonebookOfOwner('senderPhonebookId', input.senderPhonebookId);
    }

    const ifConditionType = input.ifConditionType ?? 'Any';
    let ifConditionValue: string | null = null;
    if (ifConditionType !== 'Any') {
      const raw = input.ifConditionValue ?? '';
      if (blank(raw)) issues.push(required('ifConditionValue'));
      else if (ifConditionType === 'Regex') {
        const pattern = raw.trim();
        // The one check of user patterns (server/shared/text/user-pattern.ts), also aggregator rules'.
        const refusal = userPatternRefusal(pattern);
        if (refusal) issues.push({ propertyName: 'ifConditionValue', key: `inbound.pattern.${refusal}` });
        else ifConditionValue = pattern;
      } else if (ifConditionType === 'NumberRange') {
        if (parseNumberRange(raw)) ifConditionValue = raw.trim();
        else issues.push({ propertyName: 'ifConditionValue', key: 'textParsers.rangeInvalid' });
      } else ifConditionValue = raw.trim();
    }

    const then = input.thenConditionType;
    let thenConditionValue: string | null = null;
    let mobileNumber: string | null = null;
    let email: string | null = null;
    let ipAndPort: string | null = null;
    let matchingDynamicTemplateId: number | null = null;
    let noMatchingDynamicTemplateId: number | null = null;
    if (then === 'ReplyText') {
      if (blank(input.thenConditionValue)) issues.push(required('thenConditionValue'));
      else thenConditionValue = input.thenConditionValue!.trim();
    } else if (then === 'ReplyDynamicTemplate') {
      const asked = [input.matchingDynamicTemplateId ?? null, input.noMatchingDynamicTemplateId ?? null];
      if (asked.every((t) => t === null)) issues.push({ propertyName: 'matchingDynamicTemplateId', key: 'textParsers.templateRequired' });
      else {
        const ok = new Set(await this.repo.usableTemplates(owner, asked.filter((t): t is number => t !== null), ctx.tenant.subtree ? null : ctx.principal.userId));
        if (asked[0] !== null && !ok.has(asked[0])) issues.push({ propertyName: 'matchingDynamicTemplateId', key: 'textParsers.templateNotUsable' });
        if (asked[1] !== null && !ok.has(asked[1])) issues.push({ propertyName: 'noMatchingDynamicTemplateId', key: 'textParsers.templateNotUsable' });
        [matchingDynamicTemplateId, noMatchingDynamicTemplateId] = asked;
      }
    } else if (then === 'AddToPhonebook') {
      // The target phonebook's id, as the form's picker sends it.
      const n = Number((input.thenConditionValue ?? '').trim());
      const id = await phonebookOfOwner('thenConditionValue', Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : null);
      thenConditionValue = id === null ? null : String(id);
    } else if (then === 'ForwardToMobile') {
      if (blank(input.mobileNumber)) issues.push(required('mobileNumber'));
      else {
        const m = normalizeMobile(input.mobileNumber!.trim());
        if (!m) issues.push({ propertyName: 'mobileNumber', key: 'validation.mobile', params: { field: 'mobileNumber' } });
        else if ((await this.repo.ownLineNumbers([m.number, `0${m.number.slice(2)}`, m.number.slice(2)])).size > 0) {
          issues.push({ propertyName: 'mobileNumber', key: 'textParsers.forwardToOwnLine' });
        } else mobileNumber = m.number;
      }
    } else if (then === 'ForwardToEmail') {
      if (blank(input.email)) issues.push(required('email'));
      else if (!EMAIL.test(input.email!.trim())) issues.push({ propertyName: 'email', key: 'validation.email', params: { field: 'email' } });
      // Mail goes out through an Email sender agent the organization may use, as inbox rules' forwards do.
      else if (!(await this.groups.emailAgentFor(owner))) issues.push({ propertyName: 'email', key: 'inbox.forwardEmailNoAgent' });
      else email = input.email!.trim();
    } else if (then === 'CallUrl') {
      if (blank(input.ipAndPort)) issues.push(required('ipAndPort'));
      else {
        const url = input.ipAndPort!.trim();
        const refusal = await this.outbound.refusal(url);
        if (refusal === 'scheme' || refusal === 'malformed') issues.push({ propertyName: 'ipAndPort', key: 'textParsers.urlInvalid' });
        else if (refusal !== null) issues.push({ propertyName: 'ipAndPort', key: 'textParsers.urlNotAllowed' });
        else ipAndPort = url;
      }
    }

    const sentDelayType = input.sentDelayType ?? 'None';
    const sentDelayValue = sentDelayType === 'None' ? 0 : input.sentDelayValue ?? 0;
    if (sentDelayValue > MAX_DELAY[sentDelayType]) issues.push({ propertyName: 'sentDelayValue', key: 'textParsers.delayTooLong', params: { max: MAX_DELAY[sentDelayType] } });

    if (issues.length) throw new AppError(400, 'status.400', {}, issues);
    return {
      title, privateNumberId: input.privateNumberId, isActive: input.isActive !== false, isChildrenChange: input.isChildrenChange === true,
      senderConditionType, senderConditionValue, senderPhonebookId, ifConditionType, ifConditionValue,
      thenConditionType: then, thenConditionValue, mobileNumber, email, matchingDynamicTemplateId, noMatchingDynamicTemplateId, ipAndPort,
      sentDelayType, sentDelayValue,
    };
  }
}
