import { userRoute, type Controller } from '../../../platform/http/router.js';
import { advancedSearchSchema } from './outbox-search.schemas.js';
import type { OutboxSearchService } from './outbox-search.service.js';

/** `OutBox/AdvancedSearch`: receivers across the caller's sends, keyset paged. */
export function outboxSearchController(search: OutboxSearchService): Controller {
  return {
    name: 'OutBox',
    routes: [
      userRoute({ method: 'POST', action: 'AdvancedSearch', body: advancedSearchSchema, claim: 'SmsReports.Outbox', handler: async ({ ctx, body }) => search.search(ctx, body) }),
    ],
  };
}
