import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { fieldError } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { MAIN_SETTING_DEFAULTS, POSITIVE_INTEGER_SETTINGS, SettingsService, type MainSettingKey } from '../../platform/settings.service.js';
import { parseAllowList } from '../../platform/outbound/outbound-url-guard.js';
import { mapTileOrigin } from '../../platform/map-tiles.js';
import { percentHundredths, toAmount } from './money.js';
import type { PriceSettings } from './pricing.js';

/**
 * Billing's side of the main settings (stored by the platform's SettingsService): the MainSettings
 * API (validation, audit) and the readings billing prices and times payments with.
 */
@injectable()
export class MainSettingsService {
  constructor(
    @inject(TYPES.Settings) private readonly settings: SettingsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditService) private readonly audit: AuditService,
  ) {}

  get(key: MainSettingKey, tx?: Tx): Promise<string> {
    return this.settings.get(key, tx);
  }

  async priceSettings(tx?: Tx): Promise<PriceSettings> {
    const v = await this.settings.values(tx);
    return {
      taxHundredths: percentHundredths(v.get('Tax') ?? '0') ?? 0n,
      levyPerPart: BigInt(/^\d{1,18}$/.test(v.get('ResolutionOfParliament') ?? '') ? (v.get('ResolutionOfParliament') as string) : '0'),
    };
  }

  /** How long an online payment may stay WatingForPay, in milliseconds. */
  async onlinePaymentTimeoutMs(tx?: Tx): Promise<number> {
    const raw = (await this.settings.values(tx)).get('OnlinePaymentTimeoutMinutes') ?? '';
    const minutes = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : Number(MAIN_SETTING_DEFAULTS.OnlinePaymentTimeoutMinutes);
    return minutes * 60_000;
  }

  async getAll() {
    const v = await this.settings.values();
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
      // A levy or threshold past the amount cap would make every send's price refuse (ErrorCalculate).
      if ((key === 'ResolutionOfParliament' || key === 'LowestCreditOfUser') && value !== null) toAmount(value, key);
      if ((POSITIVE_INTEGER_SETTINGS as readonly string[]).includes(key) && value !== null && !/^[1-9]\d{0,8}$/.test(value)) throw fieldError(key, 'billing.amountInvalid', { field: key });
      if (key === 'MaximumFailedTryCount' && value !== null && !/^\d{1,4}$/.test(value)) throw fieldError(key, 'billing.amountInvalid', { field: key });
      // The outbound URL guard skips what it cannot read: refused here so an administrator never believes a range is open.
      if (key === 'OutboundAllowedRanges' && value !== null) {
        const { invalid } = parseAllowList(value);
        if (invalid.length > 0) throw fieldError(key, 'billing.outboundAllowInvalid', { entries: invalid.join(', ') });
      }
      // The CSP admits the tile URL's origin (http-app.ts): only a readable http(s) URL or a path on
      // this server ('//host' would be another host read as a path) with all three placeholders.
      if (key === 'MapTileUrl' && value) {
        const placeholders = ['{z}', '{x}', '{y}'].every((p) => value.includes(p));
        const samePath = value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
        if (!placeholders || !(samePath || mapTileOrigin(value) !== null)) throw fieldError(key, 'billing.mapTileUrlInvalid');
      }
      changes[key] = value;
    }
    return this.uow.run(async (tx) => {
      const before = await this.settings.values(tx);
      await this.settings.write(tx, changes, ctx.principal.userId);
      await this.audit.record(tx, ctx, {
        operationType: 'Update', className: 'MainSettings',
        oldData: Object.fromEntries(Object.keys(changes).map((k) => [k, before.get(k) ?? null])), newData: changes,
      });
      return { items: Object.entries(changes).map(([key, value]) => ({ key, value: value ?? (MAIN_SETTING_DEFAULTS as Record<string, string>)[key] ?? null })) };
    });
  }
}
