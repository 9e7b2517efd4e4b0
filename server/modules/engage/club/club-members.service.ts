import { inject, injectable } from 'inversify';
import type { Actor } from '../../../platform/actor.js';
import { fieldError } from '../../../platform/http/errors.js';
import { normalizeSearch } from '../../../platform/http/search.js';
import { PrivateNumbersService } from '../../numbers/index.js';
import { ComposeService } from '../../messaging/index.js';
import { ClubRepository, type MemberFilter } from './club.repository.js';

/** Members read per page when a club send gathers its receivers. */
const MEMBER_PAGE = 5000;

export interface ClubSendInput {
  privateNumberId: number;
  smsBody: string;
  minPoints?: number | null;
  maxPoints?: number | null;
  sendDateTime?: string | null;
  description?: string | null;
  isFlashSms?: boolean;
}

/**
 * The club's members (one per organization and mobile: points, total amount, purchases, first and
 * last seen) and sends to them: an ordinary bulk send through compose's normal entry (standing,
 * line, windows, price, hold, limits, confirmation, outbox) from a line that carries isSendClub,
 * with sendSubType `Club`.
 */
@injectable()
export class ClubMembersService {
  constructor(
    @inject(ClubRepository) private readonly repo: ClubRepository,
    @inject(PrivateNumbersService) private readonly numbers: PrivateNumbersService,
    @inject(ComposeService) private readonly compose: ComposeService,
  ) {}

  list(ctx: Actor, filter: MemberFilter) {
    return this.repo.listMembers(ctx.tenant, normalizeSearch(filter));
  }

  /** A send to the caller's organization's members (all, or those within the points range). */
  async send(ctx: Actor, input: ClubSendInput) {
    const range = { minPoints: input.minPoints ?? undefined, maxPoints: input.maxPoints ?? undefined };
    if (range.minPoints !== undefined && range.maxPoints !== undefined && range.minPoints > range.maxPoints) throw fieldError('minPoints', 'club.pointsRange');
    const line = (await this.numbers.myNumbers(ctx, 'Bulk')).find((l) => l.id === input.privateNumberId);
    if (!line?.isSendClub) throw fieldError('privateNumberId', 'club.lineNotClub');
    const mobiles: string[] = [];
    for (let afterId = 0; ;) {
      const page = await this.repo.memberMobiles(ctx.tenant.organizationId, range, afterId, MEMBER_PAGE);
      if (page.length === 0) break;
      for (const m of page) mobiles.push(m.mobile);
      afterId = page[page.length - 1].id;
    }
    if (mobiles.length === 0) throw fieldError('minPoints', 'club.noMembers');
    return this.compose.create(ctx, {
      senderNumberId: input.privateNumberId, smsBody: input.smsBody, sendType: 'Bulk', sources: [{ kind: 'manual', numbers: mobiles }],
      sendDirect: !input.sendDateTime, sendDateTime: input.sendDateTime ?? null, description: input.description ?? null, isFlashSms: input.isFlashSms === true, byHand: true,
    }, { values: { sendSubType: 'Club' } });
  }
}
