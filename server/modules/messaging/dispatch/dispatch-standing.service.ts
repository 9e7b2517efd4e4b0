import { inject, injectable } from 'inversify';
import { OrganizationsService } from '../../organizations/index.js';
import { LinesService } from '../../numbers/index.js';
import type { SendRow } from '../sends.repository.js';
import { failureCodeOf, insideWindow, standingFailure } from '../send-rules.js';
import type { FailureCode } from '../statuses.js';

/**
 * The standing of a send at dispatch time — the organization chain, the line, the window — judged
 * the same way by the due-send scheduler (one send) and the single-send lane (one pair of
 * organization and agent).
 */
@injectable()
export class DispatchStanding {
  constructor(
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(LinesService) private readonly lines: LinesService,
  ) {}

  /** The organization chain, the line and the windows at dispatch time ('wait' = outside a window: try later). */
  async judge(send: Pick<SendRow, 'organizationId' | 'senderAgentId'>, now: Date): Promise<FailureCode | 'wait' | null> {
    const chain = await this.organizations.chainOf(send.organizationId);
    const code = standingFailure(chain, null, now);
    if (code) return failureCodeOf(code);
    const agent = await this.lines.senderAgent(undefined, send.senderAgentId);
    // Switched off, deleted, or its plugin failed to load since the send was made: nothing can carry it.
    if (!agent || !agent.isActive) return 'SystemIsOutOfService';
    const org = chain[chain.length - 1] as unknown as Record<string, unknown>;
    if (!org.isActiveAllTime && !insideWindow(now, org.sendStartTime as string | null, org.sendEndTime as string | null)) return 'wait';
    return null;
  }
}
