import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Clock } from '../../platform/clock.js';
import { UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { fieldError, notFound } from '../../platform/http/errors.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { AuditService } from '../audit/index.js';
import { PrivateNumbersRepository, type LineFilter, type LineRow } from './private-numbers.repository.js';
import { LinesService } from './lines.service.js';
import { NumberClassesService } from './number-classes.service.js';
import { LINE_FIELDS, LINE_FLAGS, MASK_PATTERN, SEND_TYPE_FLAGS, isValidLineNumber, type SendType } from './line-fields.js';
import type { SchemaType } from '../../platform/http/router.js';
import type { createLineSchema, updateLineSchema } from './numbers.schemas.js';

export function publicLine(l: LineRow): Record<string, unknown> {
  const { deletedAt: _deletedAt, ...rest } = l;
  return rest;
}

/** Private numbers (lines): CRUD for the system and resellers, assignments to users, the lines a user may send from. */
@injectable()
export class PrivateNumbersService {
  constructor(
    @inject(PrivateNumbersRepository) private readonly repo: PrivateNumbersRepository,
    @inject(LinesService) private readonly lines: LinesService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(NumberClassesService) private readonly numberClasses: NumberClassesService,
  ) {}

  async create(ctx: Actor, body: SchemaType<typeof createLineSchema>) {
    return this.uow.run(async (tx) => {
      const organizationId = body.organizationId ?? ctx.tenant.organizationId;
      if (!(await this.repo.organizationVisible(tx, ctx.tenant, organizationId))) throw fieldError('organizationId', 'numbers.organizationNotFound');
      const values = await this.values(tx, body, null);
      const row = await this.repo.insert(tx, { ...values, organizationId });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'PrivateNumber', referenceId: row.id, organizationId, newData: publicLine(row) });
      return publicLine(row);
    });
  }

  async update(ctx: Actor, body: SchemaType<typeof updateLineSchema>) {
    return this.uow.run(async (tx) => {
      const current = await this.managed(ctx, body.id, tx);
      const values = await this.values(tx, body, current);
      if (body.organizationId !== undefined && body.organizationId !== current.organizationId) {
        if (!(await this.repo.organizationVisible(tx, ctx.tenant, body.organizationId))) throw fieldError('organizationId', 'numbers.organizationNotFound');
        values.organizationId = body.organizationId;
      }
      const row = await this.repo.update(tx, current.id, values);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'PrivateNumber', referenceId: row.id, organizationId: row.organizationId, oldData: publicLine(current), newData: publicLine(row) });
      return publicLine(row);
    });
  }

  async get(ctx: Actor, id: number) {
    const line = await this.managed(ctx, id);
    const states = await this.numberClasses.statesOf([line.id]);
    return { ...publicLine(line), numberClass: states.get(line.id) ?? null };
  }

  /** The page of lines, each with its last number-class check. */
  async list(ctx: Actor, filter: LineFilter) {
    const { items, totalCount } = await this.repo.listVisible(ctx.tenant, normalizeSearch(filter));
    const states = await this.numberClasses.statesOf(items.map((l) => l.id));
    return { items: items.map((l) => ({ ...publicLine(l), numberClass: states.get(l.id) ?? null })), totalCount };
  }

  async delete(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const current = await this.managed(ctx, id, tx);
      await this.repo.softDelete(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'PrivateNumber', referenceId: id, organizationId: current.organizationId, oldData: publicLine(current) });
      return null;
    });
  }

  /** Gives a user a line (or changes the grant): send types, received-SMS visibility, limits. */
  async assign(ctx: Actor, body: { privateNumberId: number; userId: number; sendTypesList: SendType[]; canSeeReceivedSms?: boolean; dailySendLimit?: number | null; monthlySendLimit?: number | null }) {
    return this.uow.run(async (tx) => {
      const line = await this.managed(ctx, body.privateNumberId, tx);
      const linePath = await this.repo.organizationPath(line.organizationId, tx);
      const user = linePath ? await this.repo.userUnder(tx, ctx.tenant, body.userId, linePath) : null;
      if (!user) throw fieldError('userId', 'numbers.userNotFound');
      const sendTypesList = [...new Set(body.sendTypesList)];
      for (const sendType of sendTypesList) {
        if (!SEND_TYPE_FLAGS[sendType].some((flag) => line[flag] === true)) throw fieldError('sendTypesList', 'numbers.sendTypeNotAllowed', { sendType });
      }
      const saved = await this.repo.upsertAssignment(tx, {
        privateNumberId: line.id, userId: user.id, organizationId: user.organizationId, sendTypesList,
        canSeeReceivedSms: body.canSeeReceivedSms ?? false, dailySendLimit: body.dailySendLimit ?? null, monthlySendLimit: body.monthlySendLimit ?? null,
      });
      await this.audit.record(tx, ctx, { operationType: 'Assign', className: 'PrivateNumberAssignment', referenceId: saved.id, organizationId: line.organizationId, newData: saved });
      return saved;
    });
  }

  async unassign(ctx: Actor, body: { privateNumberId: number; userId: number }) {
    return this.uow.run(async (tx) => {
      const line = await this.managed(ctx, body.privateNumberId, tx);
      const removed = await this.repo.deleteAssignment(tx, line.id, body.userId);
      if (!removed) throw notFound('numbers.assignmentNotFound');
      await this.audit.record(tx, ctx, { operationType: 'Unassign', className: 'PrivateNumberAssignment', referenceId: removed.id, organizationId: line.organizationId, oldData: removed });
      return null;
    });
  }

  async assignments(ctx: Actor, privateNumberId: number) {
    const line = await this.managed(ctx, privateNumberId);
    const items = await this.repo.assignments(line.id);
    return { items, totalCount: items.length };
  }

  /** The lines the caller may send from with this send type (the compose screen's choice). */
  async myNumbers(ctx: Actor, sendType: SendType) {
    const at = this.clock.now();
    const rows = await this.repo.usableLines({
      organizationId: ctx.tenant.organizationId, organizationPath: ctx.tenant.path, userId: ctx.principal.userId,
      isOrganizationAdmin: ctx.principal.isAdmin, sendType, at,
    });
    return rows.map((l) => ({
      id: l.id, number: l.number, mask: l.mask, useForm: l.useForm, numberType: l.numberType, typePrivateNumber: l.typePrivateNumber,
      isPublic: l.isPublic, isCanSendFlashSms: l.isCanSendFlashSms, isSendOccasionPhonebook: l.isSendOccasionPhonebook === true, isSendClub: (l as LineRow & { isSendClub?: boolean }).isSendClub === true, expireTime: l.expireTime, agentType: (l as LineRow & { agentType?: string }).agentType ?? 'SMS',
    }));
  }

  private async managed(ctx: Actor, id: number, tx?: Tx): Promise<LineRow> {
    const row = await this.repo.findVisible(ctx.tenant, id, tx);
    if (!row) throw notFound('numbers.lineNotFound');
    return row;
  }

  /**
   * The columns to write, the number fields checked against the form: OneNumber and Mask need a
   * `number` of the spec's pattern (Mask also its trade name), RangeNumber a start and end of equal
   * length (the number defaults to the start).
   */
  private async values(tx: Tx, body: Record<string, unknown>, current: LineRow | null): Promise<Record<string, unknown>> {
    const values: Record<string, unknown> = {};
    for (const f of [...LINE_FIELDS, ...LINE_FLAGS]) if (body[f] !== undefined) values[f] = body[f];
    const merged = { ...(current ?? {}), ...values } as Record<string, unknown>;
    const useForm = (merged.useForm as string | undefined) ?? 'OneNumber';
    if (useForm === 'RangeNumber') {
      const start = merged.rangeStart as string | null | undefined;
      const end = merged.rangeEnd as string | null | undefined;
      if (!start || !isValidLineNumber(start)) throw fieldError('rangeStart', 'numbers.rangeInvalid');
      if (!end || !isValidLineNumber(end) || end.length !== start.length || BigInt(end) < BigInt(start)) throw fieldError('rangeEnd', 'numbers.rangeInvalid');
      if (!merged.number) merged.number = values.number = start;
    } else if (values.useForm !== undefined && current) {
      values.rangeStart = null;
      values.rangeEnd = null;
    }
    if (useForm === 'Mask') {
      const mask = merged.mask as string | null | undefined;
      if (!mask || !MASK_PATTERN.test(mask)) throw fieldError('mask', 'numbers.maskPattern');
    }
    const number = merged.number as string | undefined;
    if (!number) throw fieldError('number', 'numbers.numberRequired');
    if (!isValidLineNumber(number)) throw fieldError('number', 'numbers.numberPattern');
    if ((values.number !== undefined || !current) && (await this.repo.numberTaken(tx, number, current?.id ?? null))) throw fieldError('number', 'numbers.numberTaken');
    if (values.smsSenderAgentId !== undefined && !(await this.repo.liveAgentExists(tx, values.smsSenderAgentId as number))) {
      throw fieldError('smsSenderAgentId', 'numbers.agentNotFound');
    }
    if (!current && values.smsSenderAgentId === undefined) throw fieldError('smsSenderAgentId', 'numbers.agentNotFound');
    return values;
  }
}
