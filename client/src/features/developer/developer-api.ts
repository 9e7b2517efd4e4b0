import type { ApiClient } from '../../shared/api/api-client';
import { endpoint, type EndpointOptions } from '../../shared/api/endpoint';
import type {
  ApiTokenAnswer, ApiTokensPage, ApiTokenWithSecret, CallLogsPage, RateRuleAnswer, RateRulesPage, SafeIpAnswer, SafeIpsPage,
} from '../../../../server/shared/developer/api-tokens.answers';
import type { DeliveriesPage, DeliveryAnswer, WebhookAnswer, WebhooksPage, WebhookWithSecret } from '../../../../server/shared/developer/webhooks.answers';
import type { SmppAccountAnswer, SmppAccountsPage, SmppUserChoices } from '../../../../server/shared/developer/smpp-accounts.answers';
import type { OtpFormatsPage } from '../../../../server/shared/developer/otp-formats.answers';
import type { UsersPage } from '../../../../server/shared/identity/users.answers';

/**
 * Shapes of the developer module (API tokens and what guards them, webhooks, OTP formats, SMPP
 * accounts): the server's answer contracts (server/shared/developer).
 */
export type ApiToken = ApiTokensPage['items'][number];
export type { ApiTokenWithSecret, WebhookWithSecret, SmppUserChoices };
export type SafeIp = SafeIpAnswer;
export type RateRule = RateRuleAnswer;
export type CallLog = CallLogsPage['items'][number];
export type Webhook = WebhooksPage['items'][number];
export type WebhookDetail = WebhookAnswer;
export type Delivery = DeliveryAnswer;
export type SmppAccount = SmppAccountsPage['items'][number];
export type OtpFormat = OtpFormatsPage['items'][number];
export type RuleType = RateRuleAnswer['ruleType'];

/**
 * `POST path/:id` with the empty JSON object these pages have always sent as the body (the server
 * reads none; kept so the requests stay byte for byte what they were).
 */
function postEmptyById<Ans>(path: string) {
  return (api: ApiClient, id: number, options: EndpointOptions = {}): Promise<Ans> =>
    endpoint.post<Record<string, never>, Ans>(`${path}/${id}`)(api, {}, options);
}

export interface TokenInput { title: string; ip: string | null; isCanSend: boolean; isIgnoreCheckIp: boolean }
export interface RuleInput {
  apiTokenId: number; ip: string | null; endpoint: string; limit: number; period: number; periodType: string; clientId?: string | null;
}
export type CallLogQuery = {
  tokenId: number; pageIndex: number; pageSize: number; status?: number; path?: string; fromDate?: string; toDate?: string;
};

function rulesOf(base: 'IpRules' | 'ClientRules') {
  return {
    list: endpoint.getById<RateRulesPage>(`/ApiTokens/${base}/GetAll`),
    create: endpoint.post<RuleInput, RateRuleAnswer>(`/ApiTokens/${base}/Create`),
    delete: endpoint.deleteById<null>(`/ApiTokens/${base}/Delete`),
  };
}

/** `ApiTokens/*`: the caller's tokens, their safe IPs, rate rules and call log. */
export const apiTokensApi = {
  list: endpoint.get<ApiTokensPage>('/ApiTokens/GetAll'),
  create: endpoint.post<TokenInput, ApiTokenWithSecret>('/ApiTokens/Create'),
  revoke: postEmptyById<ApiTokenAnswer>('/ApiTokens/Revoke'),
  rotate: postEmptyById<ApiTokenWithSecret>('/ApiTokens/Rotate'),
  safeIps: endpoint.getById<SafeIpsPage>('/ApiTokens/SafeIps/GetAll'),
  addSafeIp: endpoint.post<{ apiTokenId: number; ip: string }, SafeIpAnswer>('/ApiTokens/SafeIps/Create'),
  decideSafeIp: (api: ApiClient, action: 'Confirm' | 'Reject' | 'UndoConfirm', id: number, options?: EndpointOptions) =>
    postEmptyById<SafeIpAnswer>(`/ApiTokens/SafeIps/${action}`)(api, id, options),
  removeSafeIp: endpoint.deleteById<null>('/ApiTokens/SafeIps/Delete'),
  rules: { Ip: rulesOf('IpRules'), Client: rulesOf('ClientRules') } satisfies Record<RuleType, unknown>,
  logs: endpoint.get<CallLogsPage, CallLogQuery>('/ApiTokens/Logs'),
};

export interface WebhookInput { url: string; tryCount: number; status: 'Active' | 'Disabled' }

/** `Webhooks/*`: the caller's webhooks and their deliveries. */
export const webhooksApi = {
  list: endpoint.get<WebhooksPage>('/Webhooks/GetAll'),
  get: endpoint.getById<WebhookAnswer>('/Webhooks/Get'),
  create: endpoint.post<WebhookInput & { webhookType: string; encoding: string }, WebhookWithSecret>('/Webhooks/Create'),
  update: endpoint.post<WebhookInput & { id: number }, WebhookAnswer>('/Webhooks/Update'),
  delete: endpoint.deleteById<{ id: number }>('/Webhooks/Delete'),
  rotateSecret: postEmptyById<WebhookWithSecret>('/Webhooks/RotateSecret'),
  test: postEmptyById<DeliveryAnswer>('/Webhooks/Test'),
  deliveries: endpoint.get<DeliveriesPage, { webhookId: number; pageIndex: number; pageSize: number }>('/Webhooks/GetDeliveries'),
  resendDelivery: postEmptyById<DeliveryAnswer>('/Webhooks/ResendDelivery'),
};

/** What the SMPP account dialog sends (`Create`; `Update` adds the id and drops what cannot change). */
export type SmppAccountInput = Record<string, unknown>;

/** `SmppAccounts/*`, and the users an account may be made for (identity's `Users/GetAll`). */
export const smppAccountsApi = {
  list: endpoint.get<SmppAccountsPage>('/SmppAccounts/GetAll'),
  create: endpoint.post<SmppAccountInput, SmppAccountAnswer>('/SmppAccounts/Create'),
  update: endpoint.post<SmppAccountInput & { id: number }, SmppAccountAnswer>('/SmppAccounts/Update'),
  delete: endpoint.deleteById<{ id: number }>('/SmppAccounts/Delete'),
  userChoices: endpoint.getById<SmppUserChoices>('/SmppAccounts/UserChoices'),
  users: endpoint.get<UsersPage, { pageSize: number }>('/Users/GetAll'),
};

/** SWR keys of the developer feature; the values are the ones the pages used before. */
export const developerKeys = {
  tokens: () => ['api-tokens'] as const,
  safeIps: (tokenId: number) => ['api-token-safe-ips', tokenId] as const,
  rules: (ruleType: RuleType, tokenId: number) => ['api-token-rules', ruleType === 'Ip' ? 'IpRules' : 'ClientRules', tokenId] as const,
  logs: (tokenId: number, filters: object, pageIndex: number, pageSize: number) => ['api-token-logs', tokenId, filters, pageIndex, pageSize] as const,
  webhooks: () => ['webhooks'] as const,
  webhook: (id: number) => ['webhook', id] as const,
  deliveries: (webhookId: number, pageIndex: number, pageSize: number) => ['webhook-deliveries', webhookId, pageIndex, pageSize] as const,
  smppAccounts: () => ['smpp-accounts'] as const,
  smppUsers: () => ['smpp-users'] as const,
  smppUserChoices: (userId: string) => ['smpp-user-choices', userId] as const,
  /** The API document the REST API page reads (not an API call: the server's `docs/openapi.json`). */
  openApi: (apiRoot: string) => ['api-docs-openapi', apiRoot] as const,
};
