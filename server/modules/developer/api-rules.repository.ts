import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';

export const SAFE_IP_STATUSES = ['WatingForConfirm', 'Confirmed', 'Rejected'] as const;
export type SafeIpStatus = (typeof SAFE_IP_STATUSES)[number];

export interface SafeIpRow {
  id: number;
  apiTokenId: number;
  ip: string;
  status: SafeIpStatus;
  createdByUserId: number;
  decidedByUserId: number | null;
  decidedAt: Date | null;
  createdAt: Date;
}

/** The spec's PeriodType. */
export const PERIOD_TYPES = ['Second', 'Minute', 'Hour', 'Daily'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];
export type RuleType = 'Ip' | 'Client';

export interface RateRuleRow {
  id: number;
  apiTokenId: number;
  ruleType: RuleType;
  ip: string | null;
  clientId: string | null;
  endpoint: string;
  limit: number;
  period: number;
  periodType: PeriodType;
  createdAt: Date;
}

export type NewRateRule = Omit<RateRuleRow, 'id' | 'createdAt'>;

/** Safe IPs and rate rules of tokens. Callers have already checked the token is the caller's to manage. */
@injectable()
export class ApiRulesRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private db(tx?: Tx): Knex | Tx {
    return tx ?? this.knex;
  }

  async safeIps(apiTokenId: number, tx?: Tx): Promise<SafeIpRow[]> {
    return this.db(tx)('api_token_safe_ips').where({ apiTokenId }).orderBy('id');
  }

  async countSafeIps(tx: Tx, apiTokenId: number): Promise<number> {
    const row = await tx('api_token_safe_ips').where({ apiTokenId }).count<{ n: string | number }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async findSafeIp(tx: Tx, id: number): Promise<SafeIpRow | null> {
    return ((await tx('api_token_safe_ips').where({ id }).forUpdate().first()) as SafeIpRow | undefined) ?? null;
  }

  async findSafeIpByText(tx: Tx, apiTokenId: number, ip: string): Promise<SafeIpRow | null> {
    return ((await tx('api_token_safe_ips').where({ apiTokenId, ip }).first()) as SafeIpRow | undefined) ?? null;
  }

  async insertSafeIp(tx: Tx, row: Pick<SafeIpRow, 'apiTokenId' | 'ip' | 'status' | 'createdByUserId' | 'decidedByUserId' | 'decidedAt'>): Promise<SafeIpRow> {
    const [created] = await tx('api_token_safe_ips').insert(row).returning('*');
    return created as SafeIpRow;
  }

  async updateSafeIp(tx: Tx, id: number, patch: Partial<SafeIpRow>): Promise<SafeIpRow> {
    const [row] = await tx('api_token_safe_ips').where({ id }).update(patch).returning('*');
    return row as SafeIpRow;
  }

  async deleteSafeIp(tx: Tx, id: number): Promise<void> {
    await tx('api_token_safe_ips').where({ id }).delete();
  }

  async rules(apiTokenId: number, ruleType?: RuleType, tx?: Tx): Promise<RateRuleRow[]> {
    const q = this.db(tx)('api_token_rules').where({ apiTokenId }).orderBy('id');
    if (ruleType) q.where({ ruleType });
    return q;
  }

  async findRule(tx: Tx, id: number, ruleType: RuleType): Promise<RateRuleRow | null> {
    return ((await tx('api_token_rules').where({ id, ruleType }).forUpdate().first()) as RateRuleRow | undefined) ?? null;
  }

  async insertRule(tx: Tx, row: NewRateRule): Promise<RateRuleRow> {
    const [created] = await tx('api_token_rules').insert(row).returning('*');
    return created as RateRuleRow;
  }

  async updateRule(tx: Tx, id: number, patch: Partial<NewRateRule>): Promise<RateRuleRow> {
    const [row] = await tx('api_token_rules').where({ id }).update(patch).returning('*');
    return row as RateRuleRow;
  }

  async deleteRule(tx: Tx, id: number): Promise<void> {
    await tx('api_token_rules').where({ id }).delete();
  }

  /** What the guard needs of one token, in one round trip each: its confirmed safe IPs and its rules. */
  async guardState(apiTokenId: number): Promise<{ safeIps: string[]; rules: RateRuleRow[] }> {
    const [ips, rules] = await Promise.all([
      this.knex('api_token_safe_ips').where({ apiTokenId, status: 'Confirmed' }).select('ip'),
      this.knex('api_token_rules').where({ apiTokenId }).select('*'),
    ]);
    return { safeIps: (ips as { ip: string }[]).map((r) => r.ip), rules: rules as RateRuleRow[] };
  }
}
