import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, forbidden, notFound, type ValidationIssue } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { CalendarEventsRepository, type CalendarEventRow, type CalendarEventValues } from './calendar-events.repository.js';
import { validEventDate } from './occasion-dates.js';

export interface CalendarEventInput {
  title: string;
  titleEn?: string | null;
  jalaliYear?: number | null;
  jalaliMonth: number;
  jalaliDay: number;
  isHoliday?: boolean;
}

/**
 * Calendar events: the official holidays every organization reads (seeded, read only) and each
 * organization's own events (the spec's calenderOrganizationEvents), yearly by Jalali month/day or
 * on one Jalali date.
 */
@injectable()
export class CalendarEventsService {
  constructor(
    @inject(CalendarEventsRepository) private readonly repo: CalendarEventsRepository,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  async list(ctx: Actor, filter: { month?: number; year?: number }) {
    const items = (await this.repo.list(ctx.tenant.organizationId, filter)).map(view);
    return { items, totalCount: items.length };
  }

  async create(ctx: Actor, input: CalendarEventInput) {
    const values = judge(input);
    return this.uow.run(async (tx) => {
      const row = await this.repo.insert(tx, ctx.tenant.organizationId, values);
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'CalendarEvent', referenceId: row.id, newData: { ...values } });
      return view(row);
    });
  }

  async update(ctx: Actor, id: number, input: CalendarEventInput) {
    await this.ownOrRefuse(ctx, id);
    const values = judge(input);
    return this.uow.run(async (tx) => {
      const row = await this.repo.update(tx, ctx.tenant.organizationId, id, values);
      if (!row) throw notFound('occasions.eventNotFound');
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'CalendarEvent', referenceId: id, newData: { ...values } });
      return view(row);
    });
  }

  /**
   * An occasion that named the event keeps its id: the runner finds it deleted and treats it as
   * never due (an occasion is not changed behind its owner's back).
   */
  async delete(ctx: Actor, id: number) {
    await this.ownOrRefuse(ctx, id);
    await this.uow.run(async (tx) => {
      await this.repo.softDelete(tx, ctx.tenant.organizationId, id, this.clock.now());
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'CalendarEvent', referenceId: id, newData: {} });
    });
    return { id };
  }

  private async ownOrRefuse(ctx: Actor, id: number): Promise<CalendarEventRow> {
    const own = await this.repo.own(ctx.tenant.organizationId, id);
    if (own) return own;
    // A system event is visible to everyone but changed by no one: say so rather than "not found".
    const system = await this.repo.usable(ctx.tenant.organizationId, [id], false);
    if (system.length) throw forbidden('occasions.systemEventReadOnly');
    throw notFound('occasions.eventNotFound');
  }
}

function judge(input: CalendarEventInput): CalendarEventValues {
  const issues: ValidationIssue[] = [];
  const title = input.title.trim();
  if (!title) issues.push({ propertyName: 'title', key: 'occasions.titleRequired' });
  const date = { year: input.jalaliYear ?? null, month: input.jalaliMonth, day: input.jalaliDay };
  if (!validEventDate(date)) issues.push({ propertyName: 'jalaliDay', key: 'occasions.invalidDate' });
  if (issues.length) throw new AppError(400, 'status.400', {}, issues);
  return { title, titleEn: input.titleEn?.trim() || null, jalaliYear: date.year, jalaliMonth: date.month, jalaliDay: date.day, isHoliday: input.isHoliday === true };
}

/** As the API answers an event: `isSystem` events are the seeded official holidays (read only). */
export function view(row: CalendarEventRow) {
  return { ...row, isSystem: row.organizationId === null };
}
