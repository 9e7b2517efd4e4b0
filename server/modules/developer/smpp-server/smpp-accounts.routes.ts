import { idParamSchema, userRoute, type Controller } from '../../../platform/http/router.js';
import type { SmppAccountsService } from './smpp-accounts.service.js';
import { createSmppAccountSchema, updateSmppAccountSchema } from './smpp-accounts.schemas.js';

/** Whoever manages lines manages SMPP accounts (see smpp-server/CONTEXT.md). */
export const SMPP_ACCOUNTS_CLAIM = 'Infrastructure.PrivateNumbers';

export function smppAccountsController(s: SmppAccountsService): Controller {
  return {
    name: 'SmppAccounts',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: SMPP_ACCOUNTS_CLAIM, body: createSmppAccountSchema, handler: ({ ctx, body }) => s.create(ctx, body) }),
      { method: 'GET', action: 'GetAll', claim: SMPP_ACCOUNTS_CLAIM, handler: ({ ctx }) => s.list(ctx) },
      userRoute({ method: 'GET', action: 'UserChoices/:id', claim: SMPP_ACCOUNTS_CLAIM, params: idParamSchema, handler: ({ ctx, params }) => s.userChoices(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Update', claim: SMPP_ACCOUNTS_CLAIM, body: updateSmppAccountSchema, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: SMPP_ACCOUNTS_CLAIM, params: idParamSchema, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
    ],
  };
}
