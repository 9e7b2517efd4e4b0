import { flag, instant, integer, listOf, noAnswer, nullableInstant, nullableBigId, nullableInteger, nullableRials, nullableText, pageOf, rials, text, type AnswerOf } from '../contracts/answer-schemas.js';

/** What `Plans/*` and `Modules/*` answer (server module billing; the client's plan page). */

export const planAnswer = {
  type: 'object',
  required: ['id', 'ownerOrganizationId', 'title', 'planType', 'planPrice', 'extentionPrice', 'planInformation', 'modules', 'isActive'],
  properties: {
    id: integer,
    ownerOrganizationId: integer,
    title: text,
    /** Free text, e.g. Yearly. */
    planType: text,
    planPrice: rials,
    /** Null: the plan cannot be extended (the spec's spelling). */
    extentionPrice: nullableRials,
    planInformation: nullableText,
    /** Module ids of the catalogue (`Modules/GetAll`). */
    modules: listOf(text),
    isActive: flag,
    createdAt: instant,
  },
} as const;

/** `GetAll`: every plan at once (the count is the list's length). */
export const plansPageAnswer = pageOf(planAnswer);

/** `Delete`, and `Modules/AssignToOrganization`: nothing named back. */
export const planDeletedAnswer = noAnswer;

export const planPurchaseAnswer = {
  type: 'object',
  required: ['id', 'planId', 'organizationId', 'userId', 'requestId', 'kind', 'planTitle', 'amount', 'ledgerEntryId', 'createdAt'],
  properties: {
    id: integer,
    planId: integer,
    /** The buyer. */
    organizationId: integer,
    userId: nullableInteger,
    requestId: text,
    kind: { type: 'string', enum: ['buy', 'extend'] },
    planTitle: text,
    amount: rials,
    ledgerEntryId: nullableBigId,
    createdByUserName: nullableText,
    createdAt: instant,
  },
} as const;

/** `Buy`: `applied` false for a repeat of the same requestId; a purchase that moved money adds the credit, the modules granted and the invoice. */
export const planBoughtAnswer = {
  type: 'object',
  required: ['purchase', 'applied'],
  properties: { purchase: planPurchaseAnswer, applied: flag, currentCredit: rials, modules: listOf(text), invoiceId: integer },
} as const;

/** `Modules/GetAll`: the fixed catalogue, titles in both languages. */
export const modulesPageAnswer = pageOf({
  type: 'object', required: ['id', 'fa', 'en'], properties: { id: text, fa: text, en: text },
} as const);

/** `Modules/GetOrganizationModules`: the organization's modules; `planId` null when granted by hand. */
export const organizationModulesAnswer = listOf({
  type: 'object', required: ['moduleId', 'planId', 'createdAt'], properties: { moduleId: text, planId: nullableInteger, createdAt: instant },
} as const);

/**
 * `Modules/GetOrganizationModuleStates`: every catalogue module of the organization: `held` (by hand
 * when `planId` is null), `locked` (on sale above and not bought: its claims are dropped),
 * `inherited` (bought by an ancestor below the seller), `free` (no plan above offers it).
 */
export const MODULE_STATES = ['held', 'locked', 'inherited', 'free'] as const;
export const organizationModuleStatesAnswer = listOf({
  type: 'object',
  required: ['moduleId', 'fa', 'en', 'state', 'planId', 'createdAt', 'offeredByPlanIds'],
  properties: {
    moduleId: text, fa: text, en: text,
    state: { type: 'string', enum: MODULE_STATES },
    planId: nullableInteger,
    createdAt: nullableInstant,
    /** Live plans of the organizations above that offer the module. */
    offeredByPlanIds: listOf(integer),
  },
} as const);

export const moduleAssignedAnswer = noAnswer;

export type PlanAnswer = AnswerOf<typeof planAnswer>;
export type PlansPage = AnswerOf<typeof plansPageAnswer>;
export type PlanPurchaseAnswer = AnswerOf<typeof planPurchaseAnswer>;
export type PlanBoughtAnswer = AnswerOf<typeof planBoughtAnswer>;
export type ModulesPage = AnswerOf<typeof modulesPageAnswer>;
export type OrganizationModulesAnswer = AnswerOf<typeof organizationModulesAnswer>;
export type OrganizationModuleStatesAnswer = AnswerOf<typeof organizationModuleStatesAnswer>;
