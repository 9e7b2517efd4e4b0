import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Page } from '../../platform/http/envelope.js';
import { escapeLike } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';
import type { DashboardMode, Desktop, LoginPageMode, LoginTheme } from '../../shared/organizations/customer-domains.answers.js';

export interface CustomerDomainRow {
  id: number;
  organizationId: number;
  resellerDomain: string;
  resellerIdentityDomain: string | null;
  desktop: Desktop;
  loginTheme: LoginTheme;
  dashboardMode: DashboardMode;
  loginPageMode: LoginPageMode;
  primaryColor: string;
  secondaryColor: string;
  resellerLink: string | null;
  enamad: string | null;
  agentLogoKey: string | null;
  loginImageKeys: string[];
  isSignUpEnabled: boolean;
  createdBy: number | null;
  createdAt: Date;
  lastModified: Date;
  /** Joined: the owning organization's name and path. */
  organizationName: string;
  organizationPath: string;
}

export type CustomerDomainValues = Partial<Omit<CustomerDomainRow, 'id' | 'organizationName' | 'organizationPath' | 'createdAt'>>;

/** Who sees which domains: every one (the system administrator), or those of organizations under a path. */
export type DomainScope = { all: true } | { all: false; path: string };

@injectable()
export class CustomerDomainsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private base(db: Knex | Tx, scope: DomainScope) {
    const q = db('customer_domains as d')
      .join('organizations as o', 'o.id', 'd.organizationId')
      .whereNull('o.deletedAt')
      .select('d.*', 'o.name as organizationName', 'o.path as organizationPath');
    if (!scope.all) q.where('o.path', 'like', `${escapeLike(scope.path)}%`);
    return q;
  }

  async findVisible(scope: DomainScope, id: number, tx?: Tx): Promise<CustomerDomainRow | null> {
    const row = await this.base(tx ?? this.knex, scope).where('d.id', id).first();
    return row ? read(row) : null;
  }

  /** The domain answering this host (its own name or its identity domain), or null; its organization live. */
  async findByHost(host: string): Promise<CustomerDomainRow | null> {
    const row = await this.base(this.knex, { all: true })
      .where((w) => w.where('d.resellerDomain', host).orWhere('d.resellerIdentityDomain', host))
      .orderBy('d.id')
      .first();
    return row ? read(row) : null;
  }

  /** Another domain already using this host name in either column. */
  async hostTaken(tx: Tx, host: string, exceptId: number | null): Promise<boolean> {
    const q = tx('customer_domains').where((w) => w.where('resellerDomain', host).orWhere('resellerIdentityDomain', host));
    if (exceptId !== null) q.whereNot('id', exceptId);
    return Boolean(await q.first('id'));
  }

  async list(scope: DomainScope, filter: { pageIndex: number; pageSize: number; search?: string; organizationId?: number }): Promise<Page<CustomerDomainRow>> {
    const q = this.base(this.knex, scope);
    if (filter.organizationId !== undefined) q.where('d.organizationId', filter.organizationId);
    if (filter.search) {
      const term = likeContains(filter.search);
      q.where((w) => w.whereILike('d.resellerDomain', term).orWhereILike('d.resellerIdentityDomain', term).orWhereILike('o.name', term));
    }
    const [{ n }] = await q.clone().clearSelect().count<{ n: string }[]>({ n: '*' });
    const rows = await q.orderBy('d.resellerDomain').limit(filter.pageSize).offset(filter.pageIndex * filter.pageSize);
    return { items: rows.map(read), totalCount: Number(n) };
  }

  async insert(tx: Tx, values: CustomerDomainValues): Promise<number> {
    const [created] = await tx('customer_domains').insert(write(values)).returning('id');
    return (created as { id: number }).id;
  }

  async update(tx: Tx, id: number, values: CustomerDomainValues): Promise<void> {
    await tx('customer_domains').where({ id }).update({ ...write(values), lastModified: tx.fn.now() });
  }

  async lock(tx: Tx, id: number): Promise<void> {
    await tx('customer_domains').where({ id }).forUpdate().first('id');
  }

  async delete(tx: Tx, id: number): Promise<void> {
    await tx('customer_domains').where({ id }).del();
    // organizations.domainId is a plain column (no foreign key): nothing may point at a removed domain.
    await tx('organizations').where({ domainId: id }).update({ domainId: null });
  }

  /** Points the owning organization at its first domain (the spec's `organizations.domainId`). */
  async linkOrganization(tx: Tx, organizationId: number, domainId: number): Promise<void> {
    await tx('organizations').where({ id: organizationId }).whereNull('domainId').update({ domainId });
  }
}

function write(values: CustomerDomainValues): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  // jsonb: an array is given as its JSON text, the same on both database clients.
  if (values.loginImageKeys !== undefined) out.loginImageKeys = JSON.stringify(values.loginImageKeys);
  return out;
}

function read(row: Record<string, unknown>): CustomerDomainRow {
  const keys = row.loginImageKeys;
  return { ...row, loginImageKeys: typeof keys === 'string' ? JSON.parse(keys) : (keys ?? []) } as CustomerDomainRow;
}
