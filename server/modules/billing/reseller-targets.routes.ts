import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import type { ResellerTargetsService } from './reseller-targets.service.js';
import { MANAGE_CLAIM } from './reseller-targets.service.js';
import { createTargetSchema, marginQuery, resellerQuery, resellerSettingsSchema, updateTargetSchema } from './reseller-targets.schemas.js';
import {
  marginAnswer, resellerSettingsAnswer, resellerTargetAnswer, resellerTargetDeletedAnswer, resellerTargetsAnswer,
} from '../../shared/billing/resellers.answers.js';

/** Reads of a reseller's own figures (a reseller's administrator, or anyone above it choosing the reseller). */
const VIEW_CLAIM = 'Financial.ResellerMargin';

/** `Resellers/*`: a reseller's margin, its reference settings and its targets with their rewards. */
export function resellersController(resellers: ResellerTargetsService): Controller {
  return {
    name: 'Resellers',
    routes: [
      userRoute({ method: 'GET', action: 'GetMargin', claim: VIEW_CLAIM, query: marginQuery, answer: marginAnswer, handler: ({ ctx, query }) => resellers.margin(ctx, query) }),
      userRoute({ method: 'GET', action: 'GetSettings', claim: VIEW_CLAIM, query: resellerQuery, answer: resellerSettingsAnswer, handler: ({ ctx, query }) => resellers.settings(ctx, query) }),
      userRoute({ method: 'POST', action: 'UpdateSettings', claim: MANAGE_CLAIM, body: resellerSettingsSchema, answer: resellerSettingsAnswer, handler: ({ ctx, body }) => resellers.saveSettings(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetTargets', claim: VIEW_CLAIM, query: resellerQuery, answer: resellerTargetsAnswer, handler: ({ ctx, query }) => resellers.targets(ctx, query) }),
      userRoute({ method: 'POST', action: 'CreateTarget', claim: MANAGE_CLAIM, body: createTargetSchema, answer: resellerTargetAnswer, handler: ({ ctx, body }) => resellers.createTarget(ctx, body) }),
      userRoute({ method: 'POST', action: 'UpdateTarget', claim: MANAGE_CLAIM, body: updateTargetSchema, answer: resellerTargetAnswer, handler: ({ ctx, body }) => resellers.updateTarget(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'DeleteTarget/:id', claim: MANAGE_CLAIM, params: idParamSchema, answer: resellerTargetDeletedAnswer, handler: ({ ctx, params }) => resellers.deleteTarget(ctx, params.id) }),
    ],
  };
}
