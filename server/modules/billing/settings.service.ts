import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { afterCommit, UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { fieldError } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { SettingsRepository } from './settings.repository.js';
import { percentHundredths } from './money.js';
import type { PriceSettings } from './pricing.js';

/** The spec's MainSettings keys with the value used until an administrator sets one. */
export const MAIN_SETTING_DEFAULTS: Record<string, string> = {
  SendSmsAlertMessage: '',
  AppPath: '',
  RemoteQueueIp: '',
  DefaultNumber: '',
  IsRemoteQueue: 'false',
  MaximumFailedTryCount: '3',
  /** VAT percent (up to two decimals). */
  Tax: '10',
  /** Rials; an organization's available credit falling below it alerts its administrators once per crossing. */
  LowestCreditOfUser: '0',
  /** Rials per SMS part (the parliament's levy). */
  ResolutionOfParliament: '0',
  LowCreditAlertText: '',
  PaymentConfirmedText: '',
  /** Minutes an online payment may wait for its gateway callback before it is taken as abandoned (Rejected). */
  OnlinePaymentTimeoutMinutes: '30',
  /** Receivers one send may take in each recipient mode (typed list; pasted text and bulk lists; an uploaded file). */
  MaxManualRecipients: '1000',
  MaxClipboardRecipients: '100000',
  MaxUploadRecipients: '1000000',
  MaxUploadMegabytes: '64',
  /** SMS parts one message may take. */
  MaxSmsParts: '8',
  /**
   * Hours a receiver the operator accepted may wait for its final delivery report; after that it is
   * closed as Unknown so the send can settle (operators keep reports for one to three days).
   */
  DeliveryReportTimeoutHours: '72',
};

/** Settings that are whole numbers of at least 1 (limits, counts, minutes). */
export const POSITIVE_INTEGER_SETTINGS = [
  'OnlinePaymentTimeoutMinutes', 'MaxManualRecipients', 'MaxClipboardRecipients', 'MaxUploadRecipients', 'MaxUploadMegabytes', 'MaxSmsParts',
  'DeliveryReportTimeoutHours',
] as const;

const CACHE_MS = 5_000;

@injectable()
export class SettingsService {
  private cache: { at: number; values: Map<string, string> } | null = null;

  constructor(
    @inject(SettingsRepository) private readonly repo: SettingsRepository,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** Every setting with its default filled in; cached for 5 s and dropped when this process changes one. */
  async values(tx?: Tx): Promise<Map<string, string>> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.values;
    const stored = await this.repo.all(tx);
    const values = new Map<string, string>(Object.entries(MAIN_SETTING_DEFAULTS));
    for (const [k, v] of stored) if (v !== null) values.set(k, v);
    this.cache = { at: Date.now(), values };
    return values;
  }

  async priceSettings(tx?: Tx): Promise<PriceSettings> {
    const v = await this.values(tx);
    return {
      taxHundredths: percentHundredths(v.get('Tax') ?? '0') ?? 0n,
      levyPerPart: BigInt(/^\d{1,18}$/.test(v.get('ResolutionOfParliament') ?? '') ? (v.get('ResolutionOfParliament') as string) : '0'),
    };
  }

  /** How long an online payment may stay WatingForPay, in milliseconds. */
  async onlinePaymentTimeoutMs(tx?: Tx): Promise<number> {
    const raw = (await this.values(tx)).get('OnlinePaymentTimeoutMinutes') ?? '';
    const minutes = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : Number(MAIN_SETTING_DEFAULTS.OnlinePaymentTimeoutMinutes);
    return minutes * 60_000;
  }

  async getAll() {
    const v = await this.values();
    return { items: [...v.entries()].map(([key, value]) => ({ key, value })) };
  }

  async update(ctx: Actor, body: Record<string, string | number | boolean | null>) {
    const changes: Record<string, string | null> = {};
    for (const [key, raw] of Object.entries(body)) {
      const value = raw === null ? null : String(raw).trim();
      if (key === 'Tax' && value !== null && percentHundredths(value) === null) throw fieldError('Tax', 'billing.taxInvalid');
      if ((key === 'ResolutionOfParliament' || key === 'LowestCreditOfUser') && value !== null && !/^(0|[1-9]\d{0,17})$/.test(value)) {
        throw fieldError(key, 'billing.amountInvalid', { field: key });
      }
      if ((POSITIVE_INTEGER_SETTINGS as readonly string[]).includes(key) && value !== null && !/^[1-9]\d{0,8}$/.test(value)) throw fieldError(key, 'billing.amountInvalid', { field: key });
      if (key === 'MaximumFailedTryCount' && value !== null && !/^\d{1,4}$/.test(value)) throw fieldError(key, 'billing.amountInvalid', { field: key });
      changes[key] = value;
    }
    return this.uow.run(async (tx) => {
      const before = await this.values(tx);
      for (const [key, value] of Object.entries(changes)) await this.repo.upsert(tx, key, value, ctx.principal.userId);
      await this.audit.record(tx, ctx, {
        operationType: 'Update', className: 'MainSettings',
        oldData: Object.fromEntries(Object.keys(changes).map((k) => [k, before.get(k) ?? null])), newData: changes,
      });
      afterCommit(tx, () => { this.cache = null; });
      this.cache = null;
      return { items: Object.entries(changes).map(([key, value]) => ({ key, value: value ?? MAIN_SETTING_DEFAULTS[key] ?? null })) };
    });
  }
}
