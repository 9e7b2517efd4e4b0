import type { Controller } from '../../platform/http/router.js';
import { idParamSchema } from '../../platform/http/router.js';
import { amountSchema } from './money.js';
import type { InvoicesService } from './invoices.service.js';

const createPreInvoiceSchema = {
  type: 'object', additionalProperties: false, required: ['kind'],
  properties: { kind: { enum: ['package', 'plan', 'charge'] }, id: { type: 'integer', minimum: 1, maximum: 2147483647 }, amount: amountSchema() },
};

export function invoicesController(invoices: InvoicesService): Controller {
  return {
    name: 'Invoices',
    routes: [
      { method: 'POST', action: 'CreatePreInvoice', claim: 'Financial.Payments', body: createPreInvoiceSchema, successMessage: '', handler: ({ ctx, body }) => invoices.createPreInvoice(ctx, body) },
      { method: 'GET', action: 'GetPreInvoice/:id', claim: 'Financial.View', params: idParamSchema, handler: ({ ctx, params }) => invoices.getPreInvoice(ctx, params.id) },
    ],
  };
}
