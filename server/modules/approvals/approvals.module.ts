import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { approvalMessages } from './approvals.messages.js';
import { ApprovalsService } from './approvals.service.js';

/** The approval workflow; no routes of its own: each subject's controller calls its workflow. */
export const approvalsModule: PeykModule = {
  name: 'approvals',
  messages: approvalMessages,
  register(container: Container) {
    container.bind(ApprovalsService).toSelf().inSingletonScope();
  },
};
