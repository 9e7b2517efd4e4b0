import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { Actor } from '../../../platform/actor.js';
import type { Clock } from '../../../platform/clock.js';
import { UnitOfWork, type Tx } from '../../../platform/unit-of-work.js';
import { AppError, type ValidationIssue } from '../../../platform/http/errors.js';
import { normalizeSearch } from '../../../platform/http/search.js';
import { OutboundUrlGuard } from '../../../platform/outbound/outbound-url-guard.js';
import { AuditService } from '../../audit/index.js';
import { ApprovalsService, managerOwnerFilter, tenantSlice, type ApprovalPatch, type ApprovalWorkflow } from '../../approvals/index.js';
import { ContactsService } from '../../contacts/index.js';
import { PrivateNumbersService } from '../../numbers/index.js';
import { ClubRepository, type ClubDelayType, type ClubDeviceRow, type ClubDeviceStatus, type DeviceFilter } from './club.repository.js';
import { newClubSecret } from './club-signature.js';
import { unknownPlaceholders } from './club-text.js';

/** The claim of the Customers' club menu (the spec's section). */
export const CLUB_CLAIM = 'CustomersClub.Manage';

/** The longest delay of a device's message (a thank-you a month late is no thank-you). */
export const MAX_DELAY_MS = 30 * 86_400_000;

const UNIT_MS: Record<ClubDelayType, number> = { Second: 1000, Minute: 60_000, Hour: 3_600_000, Daily: 86_400_000 };
export const delayMs = (type: ClubDelayType, value: number): number => UNIT_MS[type] * value;

export interface ClubDeviceInput {
  deviceId: string;
  webhookUrl?: string | null;
  phonebookIdList: number[];
  delayType?: ClubDelayType;
  delayValue?: number;
  isShowDetail?: boolean;
  messageText?: string | null;
  privateNumberId?: number | null;
  rialsPerPoint?: number | null;
}

type Fields = Pick<ClubDeviceRow, 'deviceId' | 'webhookUrl' | 'phonebookIdList' | 'delayType' | 'delayValue' | 'isShowDetail' | 'messageText' | 'privateNumberId' | 'rialsPerPoint'>;

/** The workflow's reject reason is this subject's `rejectComment` (the spec's name). */
function columns(patch: Partial<ApprovalPatch<ClubDeviceStatus>>): Partial<ClubDeviceRow> {
  const { rejectReason, confirmedAbove: _above, lastModified, ...rest } = patch;
  const out: Partial<ClubDeviceRow> = { ...rest };
  if (rejectReason !== undefined) out.rejectComment = rejectReason;
  if (lastModified !== undefined) out.lastModified = lastModified;
  return out;
}

/** A device as the panel sees it: never its secret (shown once, at create and rotate). */
export function publicDevice<T extends ClubDeviceRow>(row: T): Omit<T, 'secret'> {
  const { secret: _secret, ...rest } = row;
  return rest;
}

/**
 * Customer club devices (the spec's Customer club device; a new one is a "club request"): a
 * store's point-of-sale device that posts purchases to its signed webhook. A device takes
 * purchases only once an administrator *above* its organization has confirmed it, through the
 * shared approval workflow; any change of a device sends it back to waiting.
 */
@injectable()
export class ClubDevicesService {
  private readonly approval: ApprovalWorkflow<ClubDeviceStatus, ClubDeviceRow>;

  constructor(
    @inject(ClubRepository) private readonly repo: ClubRepository,
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(PrivateNumbersService) private readonly numbers: PrivateNumbersService,
    @inject(OutboundUrlGuard) private readonly outbound: OutboundUrlGuard,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(ApprovalsService) approvals: ApprovalsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {
    this.approval = approvals.register<ClubDeviceStatus, ClubDeviceRow>({
      className: 'ClubDevice',
      statuses: { waiting: 'WatingForConfirm', confirmed: 'Confirmed', rejected: 'Rejected' },
      messages: { notFound: 'club.deviceNotFound', decideForbidden: 'club.deviceDecideForbidden', notConfirmed: 'club.deviceNotConfirmed' },
      lastModified: true,
      rejectReason: true,
      // Only from above the device's organization: a store never approves its own device.
      ...tenantSlice((tenant, owner, id, tx) => this.repo.findVisible(tenant, owner, id, tx), { fromAbove: true }),
      write: (tx, id, patch) => this.repo.updateDevice(tx, id, columns(patch)),
      remove: async (tx, row, now) => { await this.repo.updateDevice(tx, row.id, { deletedAt: now, lastModified: now }); },
    });
  }

  /** Confirmed at once only when its author could confirm it (above the organization), else waiting. */
  private async stateFor(ctx: Actor, organizationId: number, tx: Tx): Promise<Pick<ClubDeviceRow, 'status' | 'decidedByUserId' | 'decidedAt' | 'rejectComment'>> {
    return (await this.approval.decidesFromAbove(ctx, organizationId, tx))
      ? { status: 'Confirmed', decidedByUserId: ctx.principal.userId, decidedAt: this.clock.now(), rejectComment: null }
      : { status: 'WatingForConfirm', decidedByUserId: null, decidedAt: null, rejectComment: null };
  }

  private static fields(input: ClubDeviceInput): Fields {
    const text = input.messageText?.trim() ? input.messageText.trim() : null;
    return {
      deviceId: input.deviceId.trim(),
      webhookUrl: input.webhookUrl?.trim() ? input.webhookUrl.trim() : null,
      phonebookIdList: [...new Set(input.phonebookIdList)],
      delayType: input.delayType ?? 'Minute',
      delayValue: input.delayValue ?? 0,
      isShowDetail: input.isShowDetail === true,
      messageText: text,
      privateNumberId: input.privateNumberId ?? null,
      rialsPerPoint: input.rialsPerPoint ? input.rialsPerPoint : null,
    };
  }

  /**
   * Every rule of a device at once, each on its field: a deviceId unique in the organization; the
   * phonebooks ones the author may change, of the organization; the message's placeholders known
   * and its line one the author may send single messages from that carries isSendClub; the delay
   * at most 30 days; the store's URL one the outbound guard lets through.
   */
  private async check(ctx: Actor, tx: Tx, organizationId: number, f: Fields, exceptId: number | null, outside: ValidationIssue[]): Promise<void> {
    const issues: ValidationIssue[] = [];
    const add = (propertyName: string, key: string, params?: Record<string, unknown>) => { if (!issues.some((i) => i.propertyName === propertyName)) issues.push({ propertyName, key, params }); };
    if (!f.deviceId) add('deviceId', 'club.deviceIdRequired');
    else if (await this.repo.deviceIdTaken(tx, organizationId, f.deviceId, exceptId)) add('deviceId', 'club.deviceIdTaken');
    for (const id of f.phonebookIdList) {
      try {
        const book = await this.contacts.phonebookForDevice(ctx, id, tx);
        if (book.organizationId !== organizationId) add('phonebookIdList', 'club.phonebookNotUsable');
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        add('phonebookIdList', 'club.phonebookNotUsable');
      }
    }
    if (f.messageText !== null) {
      const unknown = unknownPlaceholders(f.messageText);
      if (unknown.length > 0) add('messageText', 'club.unknownPlaceholder', { fields: unknown.map((u) => `{${u}}`).join(' ') });
      if (f.privateNumberId === null) add('privateNumberId', 'club.lineRequired');
    }
    for (const issue of outside) add(issue.propertyName, issue.key, issue.params);
    if (delayMs(f.delayType, f.delayValue) > MAX_DELAY_MS) add('delayValue', 'club.delayTooLong');
    if (issues.length > 0) throw new AppError(400, 'status.400', {}, issues);
  }

  /**
   * The rules read outside the device's transaction: the line (the caller's GetMyNumbers) and the
   * store's URL (the guard's allowance setting). The embedded database has one connection, so a
   * read on the pool inside the transaction would wait for itself.
   */
  private async checkOutside(ctx: Actor, f: Fields): Promise<ValidationIssue[]> {
    const issues: ValidationIssue[] = [];
    if (f.privateNumberId !== null) {
      const line = (await this.numbers.myNumbers(ctx, 'Single')).find((l) => l.id === f.privateNumberId);
      if (!line?.isSendClub) issues.push({ propertyName: 'privateNumberId', key: 'club.lineNotClub' });
    }
    if (f.webhookUrl !== null && (await this.outbound.refusal(f.webhookUrl)) !== null) issues.push({ propertyName: 'webhookUrl', key: 'club.webhookUrlRefused' });
    return issues;
  }

  /** A new device (a club request): answers it with its secret, the only time the secret is shown but a rotation. */
  async create(ctx: Actor, input: ClubDeviceInput) {
    const organizationId = ctx.tenant.organizationId;
    const f = ClubDevicesService.fields(input);
    const outside = await this.checkOutside(ctx, f);
    return this.uow.run(async (tx) => {
      await this.check(ctx, tx, organizationId, f, null, outside);
      const row = await this.repo.insertDevice(tx, {
        organizationId, userId: ctx.principal.userId, ...f, secret: newClubSecret(), lastModified: this.clock.now(),
        ...(await this.stateFor(ctx, organizationId, tx)),
      });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'ClubDevice', referenceId: row.id, organizationId, newData: publicDevice(row) });
      return row;
    });
  }

  async list(ctx: Actor, filter: DeviceFilter) {
    const page = await this.repo.listDevices(ctx.tenant, managerOwnerFilter(ctx), normalizeSearch(filter));
    return { ...page, items: page.items.map(publicDevice) };
  }

  /** The whole device again (the form sends every field). Any change is a new club request: back to waiting unless its author is above. */
  async update(ctx: Actor, input: ClubDeviceInput & { id: number }) {
    const f = ClubDevicesService.fields(input);
    const outside = await this.checkOutside(ctx, f);
    return this.uow.run(async (tx) => {
      const { row } = await this.approval.found(ctx, input.id, tx);
      await this.check(ctx, tx, row.organizationId, f, row.id, outside);
      const changed = (Object.keys(f) as (keyof Fields)[]).some((k) => JSON.stringify(f[k]) !== JSON.stringify(row[k]));
      const patch: Partial<ClubDeviceRow> = { ...f, lastModified: this.clock.now(), ...(changed ? await this.stateFor(ctx, row.organizationId, tx) : {}) };
      const updated = await this.repo.updateDevice(tx, row.id, patch);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'ClubDevice', referenceId: row.id, organizationId: row.organizationId, oldData: publicDevice(row), newData: publicDevice(updated) });
      return publicDevice(updated);
    });
  }

  /** A new secret (the old one stops at once); answered once. The approval stays: the device is the same. */
  async rotateSecret(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const { row } = await this.approval.found(ctx, id, tx);
      const updated = await this.repo.updateDevice(tx, row.id, { secret: newClubSecret(), lastModified: this.clock.now() });
      await this.audit.record(tx, ctx, { operationType: 'RotateSecret', className: 'ClubDevice', referenceId: row.id, organizationId: row.organizationId });
      return updated;
    });
  }

  delete(ctx: Actor, id: number) {
    return this.approval.delete(ctx, id);
  }

  /** Confirm, Reject (with a comment) or UndoConfirm: only from above the device's organization. */
  async decide(ctx: Actor, id: number, decision: 'Confirm' | 'Reject' | 'UndoConfirm', comment: string | null = null) {
    return publicDevice(await this.approval.decide(ctx, id, decision, comment) as ClubDeviceRow);
  }

  /** A phonebook's device fields (the spec's deviceConnectionPort, isSendMessageAfterAddFromDevice), for one the caller may change. */
  async setPhonebookDevice(ctx: Actor, input: { phonebookId: number; deviceConnectionPort?: number | null; isSendMessageAfterAddFromDevice: boolean }) {
    return this.uow.run(async (tx) => {
      const book = await this.contacts.phonebookForDevice(ctx, input.phonebookId, tx);
      const fields = { deviceConnectionPort: input.deviceConnectionPort ?? null, isSendMessageAfterAddFromDevice: input.isSendMessageAfterAddFromDevice };
      await this.contacts.setDeviceFields(tx, book.id, fields);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'Phonebook', referenceId: book.id, organizationId: book.organizationId, oldData: book, newData: { ...book, ...fields } });
      return { id: book.id, title: book.title, ...fields };
    });
  }
}
