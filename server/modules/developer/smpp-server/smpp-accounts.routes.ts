import { idParamSchema, userRoute, type Controller } from '../../../platform/http/router.js';
import {
  smppAccountAnswer, smppAccountDeletedAnswer, smppAccountsPageAnswer, smppUserChoicesAnswer,
} from '../../../shared/developer/smpp-accounts.answers.js';
import type { SmppAccountsService } from './smpp-accounts.service.js';
import { createSmppAccountSchema, updateSmppAccountSchema } from './smpp-accounts.schemas.js';

/** Whoever manages lines manages SMPP accounts (see smpp-server/CONTEXT.md). */
export const SMPP_ACCOUNTS_CLAIM = 'Infrastructure.PrivateNumbers';

export function smppAccountsController(s: SmppAccountsService): Controller {
  return {
    name: 'SmppAccounts',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: SMPP_ACCOUNTS_CLAIM, body: createSmppAccountSchema, answer: smppAccountAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: SMPP_ACCOUNTS_CLAIM, answer: smppAccountsPageAnswer, handler: ({ ctx }) => s.list(ctx) }),
      userRoute({ method: 'GET', action: 'UserChoices/:id', claim: SMPP_ACCOUNTS_CLAIM, params: idParamSchema, answer: smppUserChoicesAnswer, handler: ({ ctx, params }) => s.userChoices(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Update', claim: SMPP_ACCOUNTS_CLAIM, body: updateSmppAccountSchema, answer: smppAccountAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: SMPP_ACCOUNTS_CLAIM, params: idParamSchema, answer: smppAccountDeletedAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
    ],
  };
}
