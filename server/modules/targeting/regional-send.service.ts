import { randomInt } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { fieldError } from '../../platform/http/errors.js';
import type { SchemaType } from '../../platform/http/router.js';
import { ComposeService, type ComposeInput, type RecipientSourceInput, type StoreOptions } from '../messaging/index.js';
import type { SendLine } from '../numbers/index.js';
import { NumberBankService } from './number-bank.service.js';
import { RegionalRepository } from './regional.repository.js';
import { wantedOf } from './regional-recipient-source.js';
import type { regionalSendSchema } from './number-bank.schemas.js';

export type RegionalBody = SchemaType<typeof regionalSendSchema>;
type RegionalInput = Extract<RecipientSourceInput, { kind: 'regional' }>;

const HOUR_MS = 3_600_000;

/**
 * Regional sends: the customer's filters and a count (or percentage) become an ordinary compose
 * request whose receivers come from the number bank (`RegionalRecipientSource`), priced, held and
 * sent by messaging as any send, marked `isHiddenReceivers` so no path answers a whole number.
 */
@injectable()
export class RegionalSendService {
  constructor(
    @inject(NumberBankService) private readonly bank: NumberBankService,
    @inject(RegionalRepository) private readonly repo: RegionalRepository,
    @inject(ComposeService) private readonly compose: ComposeService,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  /** The spec's rules of a regional send, then its compose request. */
  private async build(ctx: Actor, body: RegionalBody): Promise<{ input: ComposeInput; regional: RegionalInput; filters: Record<string, unknown> }> {
    if (!body.zoneIds || body.zoneIds.length === 0) throw fieldError('zoneIds', 'targeting.regional.provinceRequired');
    const simType = body.simType;
    if (!simType) throw fieldError('simType', 'targeting.regional.simTypeRequired');
    const hasCount = body.count !== undefined && body.count !== null;
    const hasPercentage = body.percentage !== undefined && body.percentage !== null;
    if (hasCount === hasPercentage) throw fieldError('count', 'targeting.regional.countOrPercentage');
    const { filter } = await this.bank.filterOf({ ...body, simType });
    const gender = filter.genderType !== null;
    const group = filter.guildName !== null || filter.subGuildName !== null;
    const hours = body.grayListExpireHour ?? 0;
    const regional: RegionalInput = {
      kind: 'regional', filter, count: hasCount ? (body.count as number) : null, percentage: hasPercentage ? (body.percentage as number) : null,
      organizationId: ctx.tenant.organizationId, grayList: hours > 0,
      // A fresh seed per request: two sends of the same filters start their pick at different places.
      seed: randomInt(0, 2 ** 40), at: this.clock.now(),
    };
    const lineRule = (line: SendLine) => {
      // The sender agent's isSendBulkActive (decided): a regional send is a bulk send from the bank.
      if (!line.regionalFlags.agentSendBulkActive) throw fieldError('senderNumberId', 'targeting.regional.agentBulkOff');
      if (gender && !line.regionalFlags.isSendGender) throw fieldError('genderType', 'targeting.regional.genderNotAllowed');
      if (group && !line.regionalFlags.isSendGroup) throw fieldError('guildName', 'targeting.regional.groupNotAllowed');
      // Automatic (decided): a line's isAutomaticBulk (isAutomaticGroup for a guild filter) lets the
      // send go out without waiting; otherwise it waits for an administrator's confirmation.
      // The agent's sendBulkIsAutomatic makes every bulk (not guild) regional send of its lines automatic too.
      return { confirm: group ? !line.regionalFlags.isAutomaticGroup : !(line.regionalFlags.isAutomaticBulk || line.regionalFlags.agentSendBulkIsAutomatic) };
    };
    const input: ComposeInput = {
      senderNumberId: body.senderNumberId, smsBody: body.smsBody, sendType: 'Bulk', sources: [regional],
      isFlashSms: body.isFlashSms, sendDirect: body.sendDirect, sendDateTime: body.sendDateTime ?? null, sendId: body.sendId ?? null,
      description: body.description ?? null, lineRule, byHand: true,
    };
    const filters = {
      zoneIds: body.zoneIds, simType: body.simType, zipCodePrefix: filter.zipCodePrefix, guildName: filter.guildName, subGuildName: filter.subGuildName,
      mobileOperators: body.mobileOperators ?? [], genderType: body.genderType ?? 'All', count: regional.count, percentage: regional.percentage, grayListExpireHour: hours || null,
    };
    return { input, regional, filters };
  }

  /** Available numbers per operator for the filters (the gray list left out), as `NumberBank/Count` answers. */
  private async available(regional: RegionalInput) {
    const counts = regional.available ?? await this.repo.countAvailable(regional.filter, regional.grayList ? regional.organizationId : null, regional.at);
    const c = (code: number) => counts.get(code) ?? 0;
    return { mciCount: c(1), mtnCount: c(2), rightelCount: c(3), otherCount: c(4), totalCount: c(1) + c(2) + c(3) + c(4) };
  }

  /** The price preview of a regional send (compose's own preview) with the available counts; writes nothing. */
  async preview(ctx: Actor, body: RegionalBody) {
    const { input, regional } = await this.build(ctx, body);
    // The source counts the available numbers while gathering; those counts are answered here too.
    const calculation = await this.compose.calculate(ctx, input);
    const available = await this.available(regional);
    return { ...calculation, available, requestedCount: wantedOf(regional, available.totalCount) };
  }

  async create(ctx: Actor, body: RegionalBody) {
    const { input, regional, filters } = await this.build(ctx, body);
    const hours = body.grayListExpireHour ?? 0;
    const options: StoreOptions = {
      values: { isHiddenReceivers: true, regionalFilters: JSON.stringify(filters) },
      // The gray list is written with the send: a send rolled back leaves its numbers free.
      inTransaction: hours > 0
        ? async (tx, send) => this.repo.addSendToGrayList(tx, regional.organizationId, send.id, new Date(this.clock.now().getTime() + hours * HOUR_MS))
        : undefined,
    };
    return this.compose.create(ctx, input, options);
  }

  /** Expired gray-list rows dropped in bounded deletes until none is left or the run is aborted (the scheduler's job). */
  async sweepGrayList(now: Date, signal?: AbortSignal): Promise<number> {
    let total = 0;
    for (;;) {
      if (signal?.aborted) return total;
      const n = await this.repo.sweepGrayList(now, 10_000);
      total += n;
      if (n < 10_000) return total;
    }
  }
}
