import { idParamSchema, pagingQuerySchema, userRoute, type Controller } from '../../platform/http/router.js';
import { amountSchema } from './money.js';
import type { InvoicesService } from './invoices.service.js';
import { invoiceAnswer, invoicesPageAnswer, preInvoiceAnswer } from '../../shared/billing/invoices.answers.js';

const createPreInvoiceSchema = {
  type: 'object', additionalProperties: false, required: ['kind'],
  properties: { kind: { enum: ['package', 'plan', 'charge'] }, id: { type: 'integer', minimum: 1, maximum: 2147483647 }, amount: amountSchema() },
} as const;

const invoicesQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    ...pagingQuerySchema,
    organizationId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    kind: { enum: ['payment', 'package', 'plan'] },
    referenceId: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
} as const;

export function invoicesController(invoices: InvoicesService): Controller {
  return {
    name: 'Invoices',
    routes: [
      userRoute({ method: 'POST', action: 'CreatePreInvoice', claim: 'Financial.Payments', body: createPreInvoiceSchema, answer: preInvoiceAnswer, successMessage: '', handler: ({ ctx, body }) => invoices.createPreInvoice(ctx, body) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: 'Financial.View', params: idParamSchema, answer: invoiceAnswer, handler: ({ ctx, params }) => invoices.get(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: 'Financial.View', query: invoicesQuery, answer: invoicesPageAnswer, handler: ({ ctx, query }) => invoices.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'GetPreInvoice/:id', claim: 'Financial.View', params: idParamSchema, answer: preInvoiceAnswer, handler: ({ ctx, params }) => invoices.getPreInvoice(ctx, params.id) }),
    ],
  };
}
