import { RawResult, idParamSchema, publicRoute, userRoute, type Controller } from '../../../platform/http/router.js';
import { AppError } from '../../../platform/http/errors.js';
import { authorityQuery, callbackQuery, createAccountSchema, createGatewaySchema, createOnlineSchema, updateAccountSchema, updateGatewaySchema } from './gateways.schemas.js';
import type { GatewaysService, CallbackOutcome } from './gateways.service.js';
import {
  accountInformationAnswer, accountInformationsPageAnswer, gatewayDeletedAnswer, paymentGatewayAnswer, paymentGatewaysPageAnswer,
} from '../../../shared/billing/gateways.answers.js';
import { onlineGatewaysAnswer, onlinePaymentStartedAnswer } from '../../../shared/billing/payments.answers.js';

function page(status: number, fa: string, en: string, body = ''): RawResult {
  return new RawResult((res) => {
    res.status(status).type('text/html').send(
      `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Peyk</title></head>` +
      `<body><h1>${fa}</h1><h2 dir="ltr" lang="en">${en}</h2>${body}</body></html>`,
    );
  });
}

const OUTCOME_TEXT: Record<CallbackOutcome['status'], [string, string]> = {
  confirmed: ['پرداخت با موفقیت انجام شد و اعتبار افزایش یافت.', 'The payment succeeded and the credit was increased.'],
  alreadyConfirmed: ['این پرداخت پیش‌تر تأیید شده است.', 'This payment was already confirmed.'],
  failed: ['پرداخت ناموفق بود.', 'The payment failed.'],
  refused: ['پاسخ درگاه معتبر نیست.', 'The gateway answer is not valid.'],
  pending: ['درگاه پرداخت پاسخ نداد؛ چیزی تغییر نکرد. چند دقیقه بعد همین صفحه را دوباره باز کنید.', 'The payment gateway did not answer; nothing changed. Reload this page in a few minutes.'],
};

/** The panel's return page (client route) with the outcome, linked from the callback's page. */
function returnLink(outcome: CallbackOutcome): string {
  const query = `status=${outcome.status}${outcome.paymentId ? `&paymentId=${outcome.paymentId}` : ''}`;
  return `<p><a id="back" href="/financial/online-payment/result?${query}">بازگشت به پنل / Back to the panel</a></p>`;
}

export function accountInformationsController(s: GatewaysService): Controller {
  return {
    name: 'AccountInformations',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: 'Financial.Tariffs', body: createAccountSchema, answer: accountInformationAnswer, handler: ({ ctx, body }) => s.createAccount(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: 'Financial.Tariffs', body: updateAccountSchema, answer: accountInformationAnswer, handler: ({ ctx, body }) => s.updateAccount(ctx, body) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: 'Financial.Tariffs', params: idParamSchema, answer: accountInformationAnswer, handler: ({ ctx, params }) => s.getAccount(ctx, params.id) }),
      { method: 'GET', action: 'GetAll', claim: 'Financial.Tariffs', answer: accountInformationsPageAnswer, handler: ({ ctx }) => s.listAccounts(ctx) },
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: 'Financial.Tariffs', params: idParamSchema, answer: gatewayDeletedAnswer, handler: ({ ctx, params }) => s.deleteAccount(ctx, params.id) }),
    ],
  };
}

export function paymentGatewaysController(s: GatewaysService): Controller {
  return {
    name: 'PaymentGateways',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: 'Financial.Tariffs', body: createGatewaySchema, answer: paymentGatewayAnswer, handler: ({ ctx, body }) => s.createGateway(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: 'Financial.Tariffs', body: updateGatewaySchema, answer: paymentGatewayAnswer, handler: ({ ctx, body }) => s.updateGateway(ctx, body) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: 'Financial.Tariffs', params: idParamSchema, answer: paymentGatewayAnswer, handler: ({ ctx, params }) => s.getGateway(ctx, params.id) }),
      { method: 'GET', action: 'GetAll', claim: 'Financial.Tariffs', answer: paymentGatewaysPageAnswer, handler: ({ ctx }) => s.listGateways(ctx) },
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: 'Financial.Tariffs', params: idParamSchema, answer: gatewayDeletedAnswer, handler: ({ ctx, params }) => s.deleteGateway(ctx, params.id) }),
    ],
  };
}

/** The online part of `Payments` (the rest is in billing.routes.ts). */
export function onlinePaymentsController(s: GatewaysService): Controller {
  return {
    name: 'Payments',
    routes: [
      { method: 'GET', action: 'GetDescriptorOnlineGateway', claim: 'Financial.Payments', answer: onlineGatewaysAnswer, handler: ({ ctx }) => s.describeForCaller(ctx) },
      userRoute({ method: 'POST', action: 'CreateOnline', claim: 'Financial.Payments', body: createOnlineSchema, answer: onlinePaymentStartedAnswer, successMessage: '', handler: ({ ctx, body }) => s.createOnline(ctx, body) }),
      // SandboxPay and OnlineCallback answer HTML pages, not JSON: no answer contract.
      publicRoute({
        method: 'GET', action: 'SandboxPay', auth: 'public', query: authorityQuery,
        handler: async ({ query }) => {
          const data = await s.sandboxPage(query.authority);
          if (!data) return page(404, 'پرداخت یافت نشد یا منتظر پرداخت نیست.', 'The payment was not found or is not waiting for payment.');
          return page(200, `درگاه آزمایشی — مبلغ ${data.amount} ریال`, `Sandbox gateway — amount ${data.amount} rials`,
            `<p><a id="pay" href="${data.pay}">پرداخت / Pay</a></p><p><a id="fail" href="${data.fail}">انصراف / Fail</a></p>`);
        },
      }),
      publicRoute({
        method: 'GET', action: 'OnlineCallback', auth: 'public', query: callbackQuery,
        handler: async ({ ctx, query }) => {
          try {
            const outcome = await s.callback(ctx, query);
            const [fa, en] = OUTCOME_TEXT[outcome.status];
            return page(200, fa, en, `<p data-status="${outcome.status}">${outcome.status}</p>${returnLink(outcome)}`);
          } catch (err) {
            if (err instanceof AppError && err.key === 'billing.callbackRefused') {
              const [fa, en] = OUTCOME_TEXT.refused;
              return page(400, fa, en, `<p data-status="refused">refused</p>${returnLink({ status: 'refused', paymentId: null })}`);
            }
            throw err;
          }
        },
      }),
    ],
  };
}
