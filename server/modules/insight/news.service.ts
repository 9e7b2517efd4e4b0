import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, badRequest, notFound, type ValidationIssue } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { NewsRepository, type NewsReader, type NewsRow, type NewsValues, type ReaderNewsRow } from './news.repository.js';

export interface NewsInput {
  title: string;
  text: string;
  displayForAllSubOrganizations?: boolean;
  customerDomainName?: string | null;
  startDate: string;
  endDate: string;
  isRequiredToSeen?: boolean;
}

// A host name: labels of letters, digits and hyphens, a dot between them, at least two labels.
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** At most this many must-read news are answered at once; the client shows them one by one. */
const MUST_READ_LIMIT = 20;

/**
 * News: written by an administrator or a reseller for its organization or its whole subtree
 * (tenancy: the writer's slice), read by every signed-in user of an organization it addresses,
 * inside its window; a must-read one is acknowledged once per user.
 */
@injectable()
export class NewsService {
  constructor(
    @inject(NewsRepository) private readonly repo: NewsRepository,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  async list(ctx: Actor, filter: { pageIndex: number; pageSize: number; search?: string }) {
    return this.repo.list(ctx.tenant, filter);
  }

  async get(ctx: Actor, id: number) {
    return this.visible(ctx, id);
  }

  async create(ctx: Actor, input: NewsInput) {
    const values = judge(input);
    const row = await this.uow.run(async (tx) => {
      const created = await this.repo.insert(tx, { organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId }, values);
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'News', referenceId: created.id, newData: { ...values } });
      return created;
    });
    return this.visible(ctx, row.id);
  }

  async update(ctx: Actor, id: number, input: NewsInput) {
    const before = await this.visible(ctx, id);
    const values = judge(input);
    await this.uow.run(async (tx) => {
      if (!await this.repo.update(tx, id, values, this.clock.now())) throw notFound('news.notFound');
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'News', referenceId: id, oldData: snapshot(before), newData: { ...values } });
    });
    return this.visible(ctx, id);
  }

  async delete(ctx: Actor, id: number) {
    const before = await this.visible(ctx, id);
    await this.uow.run(async (tx) => {
      if (!await this.repo.softDelete(tx, id, this.clock.now())) throw notFound('news.notFound');
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'News', referenceId: id, oldData: snapshot(before) });
    });
    return { id };
  }

  /** The reader's news in their window, newest first (the dashboard's "latest news" and the news page). */
  async latest(ctx: Actor, page: { pageIndex: number; pageSize: number }, host: string) {
    const found = await this.repo.latest(readerOf(ctx, host), this.clock.now(), page);
    return { items: found.items.map(readerView), totalCount: found.totalCount };
  }

  /**
   * Must-read news the caller has not acknowledged. While impersonating, none *(decided)*: the
   * acknowledgement is the user's own, and the administrator acting as them must not be held up
   * by a dialog they may not answer.
   */
  async mustRead(ctx: Actor, host: string) {
    if (ctx.principal.impersonatorUserId !== null) return [];
    return (await this.repo.mustRead(readerOf(ctx, host), this.clock.now(), MUST_READ_LIMIT)).map(readerView);
  }

  async acknowledge(ctx: Actor, id: number, host: string) {
    const reader = readerOf(ctx, host);
    if (!await this.repo.readableById(reader, id)) throw notFound('news.notFound');
    if (ctx.principal.impersonatorUserId !== null) throw badRequest('news.acknowledgeWhileImpersonating');
    return this.uow.run(async (tx) => {
      const { acknowledgedAt, first } = await this.repo.acknowledge(tx, id, reader.userId, this.clock.now());
      // A repeated click records nothing new: the first acknowledgement is the one that counts.
      if (first) await this.audit.record(tx, ctx, { operationType: 'Acknowledge', className: 'News', referenceId: id, newData: { acknowledgedAt } });
      return { id, acknowledgedAt };
    });
  }

  private async visible(ctx: Actor, id: number) {
    const row = await this.repo.visible(ctx.tenant, id);
    if (!row) throw notFound('news.notFound');
    return row;
  }
}

/**
 * A reader sees the news of their own organization, wherever the organization switcher points; a
 * news addressed to a customer domain only on that host (the panel opened at that address).
 */
function readerOf(ctx: Actor, host: string): NewsReader {
  return { userId: ctx.principal.userId, organizationId: ctx.principal.organizationId, organizationPath: ctx.principal.organizationPath, host };
}

function readerView(row: ReaderNewsRow) {
  return {
    id: row.id, organizationName: row.organizationName, title: row.title, text: row.text, startDate: row.startDate, endDate: row.endDate,
    isRequiredToSeen: row.isRequiredToSeen, acknowledgedAt: row.acknowledgedAt,
  };
}

function snapshot(row: NewsRow): Record<string, unknown> {
  const { title, text, displayForAllSubOrganizations, customerDomainName, startDate, endDate, isRequiredToSeen } = row;
  return { title, text, displayForAllSubOrganizations, customerDomainName, startDate, endDate, isRequiredToSeen };
}

/** Every problem of the form at once, each on its field (the spec's validationErrors). */
function judge(input: NewsInput): NewsValues {
  const issues: ValidationIssue[] = [];
  const title = input.title.trim();
  const text = input.text.trim();
  if (!title) issues.push({ propertyName: 'title', key: 'news.titleRequired' });
  if (!text) issues.push({ propertyName: 'text', key: 'news.textRequired' });
  const domain = input.customerDomainName?.trim().toLowerCase().replace(/\.$/, '') || null;
  if (domain !== null && !DOMAIN.test(domain)) issues.push({ propertyName: 'customerDomainName', key: 'news.invalidDomain' });
  const startDate = new Date(input.startDate);
  const endDate = new Date(input.endDate);
  if (!(endDate.getTime() > startDate.getTime())) issues.push({ propertyName: 'endDate', key: 'news.endBeforeStart' });
  if (issues.length) throw new AppError(400, 'status.400', {}, issues);
  return {
    title, text, displayForAllSubOrganizations: input.displayForAllSubOrganizations ?? false, customerDomainName: domain,
    startDate, endDate, isRequiredToSeen: input.isRequiredToSeen ?? false,
  };
}
