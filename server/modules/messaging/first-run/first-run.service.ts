import { inject, injectable } from 'inversify';
import type { Actor } from '../../../platform/actor.js';
import { forbidden } from '../../../platform/http/errors.js';
import { CreditsService, TariffsService } from '../../billing/index.js';
import { LinesService } from '../../numbers/index.js';
import { OrganizationsService } from '../../organizations/index.js';
import { SendsRepository } from '../sends.repository.js';
import { FIRST_RUN_STEPS } from '../../../shared/sends/first-run.answers.js';

// The step list is the answer contract's (the client names and links each step).
export { FIRST_RUN_STEPS };
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];

/**
 * The system administrator's first-run checklist, computed from real data every time it is asked:
 * nothing is stored, so a step undone (the only agent switched off) shows as open again. It lives
 * here because the send engine already depends on every module it reads, and its last step — a
 * message that reached an operator — is its own.
 */
@injectable()
export class FirstRunService {
  constructor(
    @inject(LinesService) private readonly lines: LinesService,
    @inject(TariffsService) private readonly tariffs: TariffsService,
    @inject(CreditsService) private readonly credits: CreditsService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(SendsRepository) private readonly sends: SendsRepository,
  ) {}

  async checklist(ctx: Actor) {
    if (ctx.principal.scope !== 'superAdmin') throw forbidden();
    const [agents, tariff, credit, customer, testMessage] = await Promise.all([
      this.lines.listActiveAgents(), this.tariffs.anyTariff(), this.credits.anyOrganizationCredited(), this.organizations.hasCustomer(), this.sends.anyAccepted(),
    ]);
    const done: Record<FirstRunStep, boolean> = { senderAgent: agents.length > 0, tariff, credit, customer, testMessage };
    const items = FIRST_RUN_STEPS.map((key) => ({ key, done: done[key] }));
    return { items, allDone: items.every((i) => i.done) };
  }
}
