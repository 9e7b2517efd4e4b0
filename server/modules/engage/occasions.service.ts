import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound, type ValidationIssue } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { ContactsService, CustomFieldsService } from '../contacts/index.js';
import { PrivateNumbersService } from '../numbers/index.js';
import { compileTemplate, parseTemplate } from '../messaging/index.js';
import { CalendarEventsRepository } from './calendar-events.repository.js';
import { OccasionsRepository, type OccasionRow, type OccasionValues } from './occasions.repository.js';
import { dayString } from '../../shared/dates/calendar-days.js';
import { tehranDay } from '../../shared/dates/tehran-days.js';

export interface OccasionInput {
  title: string;
  privateNumberId: number;
  phonebookIds: number[];
  dynamicTemplateTitle: string;
  smsBody: string;
  sendHour: number;
  howManyDaysSendItBeforeDueDate?: number;
  calenderEvent: boolean;
  calendarEvents?: number[];
  calenderOrganizationEvents?: number[];
  phonebookCustomFieldNameEn?: string | null;
  toConsiderYear?: boolean;
  isActive?: boolean;
}

/** The contact's own date field an occasion may read; custom ones must be of type Datetime. */
const OWN_DATE_FIELD = 'birthdate';

/** Occasion definitions: CRUD with every field judged against the caller's lines, phonebooks, fields and events. */
@injectable()
export class OccasionsService {
  constructor(
    @inject(OccasionsRepository) private readonly repo: OccasionsRepository,
    @inject(CalendarEventsRepository) private readonly events: CalendarEventsRepository,
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(CustomFieldsService) private readonly fields: CustomFieldsService,
    @inject(PrivateNumbersService) private readonly numbers: PrivateNumbersService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  async list(ctx: Actor, filter: { pageIndex: number; pageSize: number; search?: string }) {
    // Plain users see their own occasions; administrators their organization's and below (as the outbox).
    const page = await this.repo.list(ctx.tenant, { ...filter, userId: ctx.tenant.subtree ? undefined : ctx.principal.userId });
    return { items: page.items.map((o) => this.view(o)), totalCount: page.totalCount };
  }

  async get(ctx: Actor, id: number) {
    const row = await this.visible(ctx, id);
    return { ...this.view(row), runs: await this.repo.runs(id, 30) };
  }

  async create(ctx: Actor, input: OccasionInput) {
    const values = await this.judge(ctx, input);
    return this.uow.run(async (tx) => {
      const row = await this.repo.insert(tx, { organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId }, values);
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'OccasionScheduledMessage', referenceId: row.id, newData: { ...values } });
      return this.view(row);
    });
  }

  /**
   * The occasion's owner stays the creator: its sends are made in the owner's name (line, credit,
   * phonebooks), so an administrator's edit does not move them to the administrator.
   */
  async update(ctx: Actor, id: number, input: OccasionInput) {
    await this.visible(ctx, id);
    const values = await this.judge(ctx, input);
    return this.uow.run(async (tx) => {
      const row = await this.repo.update(tx, id, values, this.clock.now());
      if (!row) throw notFound('occasions.notFound');
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'OccasionScheduledMessage', referenceId: id, newData: { ...values } });
      return this.view(row);
    });
  }

  async setActive(ctx: Actor, id: number, isActive: boolean) {
    await this.visible(ctx, id);
    return this.uow.run(async (tx) => {
      const row = await this.repo.update(tx, id, { isActive }, this.clock.now());
      if (!row) throw notFound('occasions.notFound');
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'OccasionScheduledMessage', referenceId: id, newData: { isActive } });
      return this.view(row);
    });
  }

  async delete(ctx: Actor, id: number) {
    await this.visible(ctx, id);
    await this.uow.run(async (tx) => {
      await this.repo.softDelete(tx, id, this.clock.now());
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'OccasionScheduledMessage', referenceId: id, newData: {} });
    });
    return { id };
  }

  private async visible(ctx: Actor, id: number): Promise<OccasionRow> {
    const row = await this.repo.visible(ctx.tenant, id);
    // A plain user reaches only their own, as the list shows.
    if (!row || (!ctx.tenant.subtree && row.userId !== ctx.principal.userId)) throw notFound('occasions.notFound');
    return row;
  }

  private view<T extends OccasionRow>(row: T) {
    const created = dayString(tehranDay(row.createdAt));
    return { ...row, firstRunDay: created };
  }

  /** Every problem of the form at once, each on its field (the spec's validationErrors). */
  private async judge(ctx: Actor, input: OccasionInput): Promise<OccasionValues> {
    const issues: ValidationIssue[] = [];
    const title = input.title.trim();
    const templateTitle = input.dynamicTemplateTitle.trim();
    if (!title) issues.push({ propertyName: 'title', key: 'occasions.titleRequired' });
    if (!templateTitle) issues.push({ propertyName: 'dynamicTemplateTitle', key: 'occasions.templateTitleRequired' });
    if (!input.smsBody.trim()) issues.push({ propertyName: 'smsBody', key: 'occasions.templateRequired' });

    // An occasion send is a dynamic send (own text per receiver) on a line open to occasion sends.
    const line = (await this.numbers.myNumbers(ctx, 'Dynamic')).find((l) => l.id === input.privateNumberId);
    if (!line) issues.push({ propertyName: 'privateNumberId', key: 'occasions.lineNotUsable' });
    else if (!line.isSendOccasionPhonebook) issues.push({ propertyName: 'privateNumberId', key: 'occasions.lineNoOccasion' });

    const phonebookIds = [...new Set(input.phonebookIds)];
    const organizations = new Set<number>();
    for (const id of phonebookIds) {
      try {
        organizations.add((await this.contacts.phonebookForSend(ctx, id)).organizationId);
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 404) throw err;
        issues.push({ propertyName: 'phonebookIds', key: 'contacts.phonebookNotFound' });
        break;
      }
    }
    const fieldsByOrg = new Map<number, Awaited<ReturnType<CustomFieldsService['ofOrganization']>>>();
    for (const org of organizations) fieldsByOrg.set(org, await this.fields.ofOrganization(org));

    if (input.smsBody.trim()) {
      const parts = parseTemplate(input.smsBody);
      const unknown = new Set<string>();
      for (const defs of fieldsByOrg.values()) {
        const compiled = compileTemplate(parts, defs.map((f) => ({ nameEn: f.nameEn, type: f.type })));
        if ('unknown' in compiled) for (const n of compiled.unknown) unknown.add(n);
      }
      if (unknown.size) issues.push({ propertyName: 'smsBody', key: 'occasions.unknownPlaceholder', params: { fields: [...unknown].map((n) => `{${n}}`).join(' ') } });
    }

    const calendarEvents = [...new Set(input.calendarEvents ?? [])];
    const organizationEvents = [...new Set(input.calenderOrganizationEvents ?? [])];
    let fieldName: string | null = null;
    if (input.calenderEvent) {
      if (calendarEvents.length + organizationEvents.length === 0) issues.push({ propertyName: 'calendarEvents', key: 'occasions.eventsRequired' });
      const system = await this.events.usable(ctx.tenant.organizationId, calendarEvents, false);
      if (system.length !== calendarEvents.length) issues.push({ propertyName: 'calendarEvents', key: 'occasions.eventUnknown' });
      const own = await this.events.usable(ctx.tenant.organizationId, organizationEvents, true);
      if (own.length !== organizationEvents.length) issues.push({ propertyName: 'calenderOrganizationEvents', key: 'occasions.eventUnknown' });
    } else {
      const asked = (input.phonebookCustomFieldNameEn ?? '').trim();
      if (!asked) issues.push({ propertyName: 'phonebookCustomFieldNameEn', key: 'occasions.fieldRequired' });
      else if (asked.toLowerCase() === OWN_DATE_FIELD) fieldName = OWN_DATE_FIELD;
      else {
        // A Datetime custom field of every phonebook's organization, named as that organization spells it.
        const found = [...fieldsByOrg.values()].map((defs) => defs.find((f) => f.nameEn.toLowerCase() === asked.toLowerCase() && f.type === 'Datetime'));
        if (found.length === 0 || found.some((f) => !f)) issues.push({ propertyName: 'phonebookCustomFieldNameEn', key: 'occasions.fieldNotDate', params: { name: asked } });
        else fieldName = found[0]!.nameEn;
      }
    }
    if (issues.length) throw new AppError(400, 'status.400', {}, issues);
    return {
      title, privateNumberId: input.privateNumberId, phonebookIds, dynamicTemplateTitle: templateTitle, smsBody: input.smsBody,
      sendHour: input.sendHour, howManyDaysSendItBeforeDueDate: input.howManyDaysSendItBeforeDueDate ?? 0,
      calenderEvent: input.calenderEvent,
      calendarEvents: input.calenderEvent ? calendarEvents : [], calenderOrganizationEvents: input.calenderEvent ? organizationEvents : [],
      phonebookCustomFieldNameEn: input.calenderEvent ? null : fieldName,
      toConsiderYear: !input.calenderEvent && input.toConsiderYear === true,
      isActive: input.isActive !== false,
    };
  }
}
