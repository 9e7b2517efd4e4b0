import { inject, injectable } from 'inversify';
import type { InboundListener } from './inbox.service.js';
import type { InboxRow } from './inbox.repository.js';
import { PollsService } from './polls.service.js';
import { pollIdOfHandledBy } from './polls.step.js';

/**
 * After the store transaction commits: pushes the new results of every poll that took one of the
 * messages (the step marked them `poll:<id>`). A push before commit could show votes a rollback
 * then takes back; a missed push only leaves a chart a moment behind until the next answer.
 */
@injectable()
export class PollResultsListener implements InboundListener {
  constructor(@inject(PollsService) private readonly polls: PollsService) {}

  onInbound(rows: InboxRow[]): void {
    const ids = [...new Set(rows.map((r) => pollIdOfHandledBy(r.handledBy)).filter((id): id is number => id !== null))];
    if (ids.length > 0) void this.polls.pushResults(ids);
  }
}
