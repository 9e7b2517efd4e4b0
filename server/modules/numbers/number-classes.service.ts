import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Clock } from '../../platform/clock.js';
import { UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, fieldError, notFound, type ValidationIssue } from '../../platform/http/errors.js';
import { normalizeSearch } from '../../platform/http/search.js';
import type { Tenant } from '../../platform/http/context.js';
import { AuditService } from '../audit/index.js';
import { NUMBER_CLASS_OPERATORS } from '../../shared/lines/line-catalogue.js';
import { NumberClassesRepository, type LineClassCheck, type NumberClassRow } from './number-classes.repository.js';
import { classesOfNumber, parseNumberPattern } from './number-class-match.js';

/** Lines per page of a check: one read and one upsert each. */
const CHECK_PAGE = 500;

interface NumberClassInput {
  title: string;
  operatorClasses: Partial<Record<string, string | null>>;
  patterns: string[];
  description?: string | null;
}

/** A line's last check as the lines list and form show it; null: never checked. */
export type LineClassState = { checkTime: string; classes: LineClassCheck['classes'] } | null;

function publicClass(row: NumberClassRow) {
  return {
    id: row.id, title: row.title, operatorClasses: row.operatorClasses, patterns: row.patterns, description: row.description,
    createdAt: new Date(row.createdAt).toISOString(), updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/**
 * Number classes: the operators' published classes of sender numbers, as an administrator keeps
 * them (no operator offers a service to ask), and the check of every line against them, by the
 * daily job or "check now" (CONTEXT.md "Number classes").
 */
@injectable()
export class NumberClassesService {
  constructor(
    @inject(NumberClassesRepository) private readonly repo: NumberClassesRepository,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  async list(_ctx: Actor, filter: { pageIndex: number; pageSize: number; search?: string }) {
    const { items, totalCount } = await this.repo.list(normalizeSearch(filter));
    return { items: items.map(publicClass), totalCount };
  }

  async get(_ctx: Actor, id: number) {
    const row = await this.repo.findById(id);
    if (!row) throw notFound('numbers.numberClassNotFound');
    return publicClass(row);
  }

  async create(ctx: Actor, body: NumberClassInput) {
    const values = this.values(body);
    return this.uow.run(async (tx) => {
      const row = await this.repo.insert(tx, values);
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'NumberClass', referenceId: row.id, newData: publicClass(row) });
      return publicClass(row);
    });
  }

  async update(ctx: Actor, body: NumberClassInput & { id: number }) {
    const values = this.values(body);
    return this.uow.run(async (tx) => {
      const current = await this.repo.findById(body.id, tx);
      if (!current) throw notFound('numbers.numberClassNotFound');
      const row = await this.repo.update(tx, body.id, values, this.clock.now());
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'NumberClass', referenceId: row.id, oldData: publicClass(current), newData: publicClass(row) });
      return publicClass(row);
    });
  }

  async delete(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const current = await this.repo.findById(id, tx);
      if (!current) throw notFound('numbers.numberClassNotFound');
      await this.repo.delete(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'NumberClass', referenceId: id, oldData: publicClass(current) });
      return null;
    });
  }

  /**
   * "Check now": one line the caller manages (404 otherwise, as the line routes answer), or every
   * line in the caller's slice. Not audited: it changes no one's settings, only the derived class,
   * and the answer's checkTime is its record.
   */
  async checkNow(ctx: Actor, body: { privateNumberId?: number }) {
    const now = this.clock.now();
    const checkedCount = await this.check(now, { tenant: ctx.tenant, onlyId: body.privateNumberId });
    if (body.privateNumberId !== undefined && checkedCount === 0) throw notFound('numbers.lineNotFound');
    return { checkedCount, checkTime: now.toISOString() };
  }

  /** The daily job: every live line of the installation. Ends when the lines do, or at the signal. */
  async checkAll(now: Date, signal?: AbortSignal): Promise<number> {
    return this.check(now, { signal });
  }

  /** The last check of each line, for the lines list and form. */
  async statesOf(lineIds: number[]): Promise<Map<number, LineClassState>> {
    const checks = await this.repo.checksOf(lineIds);
    const out = new Map<number, LineClassState>();
    for (const id of lineIds) {
      const c = checks.get(id);
      out.set(id, c ? { checkTime: c.checkTime.toISOString(), classes: c.classes } : null);
    }
    return out;
  }

  private async check(now: Date, scope: { tenant?: Tenant; onlyId?: number; signal?: AbortSignal }): Promise<number> {
    // The list as it is when the check starts; a class saved meanwhile counts from the next check.
    const classes = await this.repo.all();
    let afterId = 0;
    let checked = 0;
    for (;;) {
      scope.signal?.throwIfAborted();
      const lines = await this.repo.linesAfter(afterId, CHECK_PAGE, scope);
      if (lines.length === 0) break;
      await this.repo.saveChecks(lines.map((l) => ({ privateNumberId: l.id, checkTime: now, classes: classesOfNumber(l.number, classes) })));
      checked += lines.length;
      afterId = lines[lines.length - 1].id;
      if (lines.length < CHECK_PAGE) break;
    }
    return checked;
  }

  /**
   * The row to store: operator classes trimmed (blank ones dropped, at least one left), patterns
   * read and normalized (Persian digits, spaces around the dash), duplicates dropped, at least one.
   */
  private values(body: NumberClassInput) {
    const operatorClasses: Record<string, string> = {};
    for (const op of NUMBER_CLASS_OPERATORS) {
      const v = body.operatorClasses[op]?.trim();
      if (v) operatorClasses[op] = v;
    }
    if (Object.keys(operatorClasses).length === 0) throw fieldError('operatorClasses', 'numbers.numberClassNoOperator');
    const issues: ValidationIssue[] = [];
    const patterns: string[] = [];
    body.patterns.forEach((input, i) => {
      if (!input.trim()) return;
      const p = parseNumberPattern(input);
      if (!p) issues.push({ propertyName: `patterns[${i}]`, key: 'numbers.numberClassPatternInvalid', params: { pattern: input } });
      else if (!patterns.includes(p.text)) patterns.push(p.text);
    });
    if (issues.length > 0) throw new AppError(400, 'numbers.numberClassPatternInvalid', issues[0].params, issues);
    if (patterns.length === 0) throw fieldError('patterns', 'numbers.numberClassNoPattern');
    return { title: body.title.trim(), operatorClasses, patterns, description: body.description?.trim() || null };
  }
}
