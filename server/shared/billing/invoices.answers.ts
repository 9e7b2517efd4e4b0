import { instant, integer, listOf, nullableInteger, nullableText, pageOf, rials, text, type AnswerOf } from '../contracts/answer-schemas.js';

/** What `Invoices/*` answers (server module billing; the client's invoice page). */

export const INVOICE_KINDS = ['payment', 'package', 'plan'] as const;

/** A line; a discount is a line of negative amounts. */
const invoiceLineAnswer = {
  type: 'object',
  required: ['title', 'quantity', 'unitPrice', 'amount'],
  properties: { title: text, quantity: integer, unitPrice: rials, amount: rials },
} as const;

/** A bank account of the seller (or buyer) printed on the invoice. */
const bankAccountAnswer = {
  type: 'object',
  required: ['accountNo', 'branch', 'cardNo', 'iban', 'owner'],
  properties: { accountNo: nullableText, branch: nullableText, cardNo: nullableText, iban: nullableText, owner: nullableText },
} as const;

/** Buyer or seller as on the day of issue; an invoice without a seller has `id` and `name` null and no other details. */
export const invoicePartyAnswer = {
  type: 'object',
  required: ['id', 'name', 'bankAccounts'],
  properties: {
    id: nullableInteger,
    name: nullableText,
    type: text,
    organName: nullableText,
    nationalId: nullableText,
    economicCode: nullableText,
    address: nullableText,
    phone: nullableText,
    zipCode: nullableText,
    bankAccounts: listOf(bankAccountAnswer),
  },
} as const;

/** A final invoice: VAT contained in `amount` (billing CONTEXT, "VAT rule"). */
export const invoiceAnswer = {
  type: 'object',
  required: [
    'id', 'invoiceNumber', 'kind', 'referenceId', 'organizationId', 'issuedAt', 'buyer', 'seller', 'lines', 'amount', 'price', 'levy', 'taxPercent', 'tax', 'total',
  ],
  properties: {
    id: integer,
    /** The id padded to eight digits. */
    invoiceNumber: text,
    kind: { type: 'string', enum: INVOICE_KINDS },
    /** The payment, package purchase or plan purchase. */
    referenceId: integer,
    /** The buyer. */
    organizationId: integer,
    userId: nullableInteger,
    sellerOrganizationId: nullableInteger,
    issuedAt: instant,
    buyer: invoicePartyAnswer,
    seller: invoicePartyAnswer,
    lines: listOf(invoiceLineAnswer),
    amount: rials,
    price: rials,
    levy: rials,
    taxPercent: text,
    tax: rials,
    total: rials,
  },
} as const;

export const invoicesPageAnswer = pageOf(invoiceAnswer);

/** A quote, valid one day; VAT on top of the price. */
export const preInvoiceAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'organizationName', 'kind', 'referenceId', 'lines', 'price', 'levy', 'taxPercent', 'tax', 'total', 'createdAt', 'expiresAt'],
  properties: {
    id: integer,
    organizationId: integer,
    organizationName: nullableText,
    userId: nullableInteger,
    kind: { type: 'string', enum: ['package', 'plan', 'charge'] },
    /** The package or plan; null for a charge. */
    referenceId: nullableInteger,
    lines: listOf(invoiceLineAnswer),
    price: rials,
    levy: rials,
    taxPercent: text,
    tax: rials,
    total: rials,
    createdAt: instant,
    expiresAt: instant,
  },
} as const;

export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export type InvoicePartyAnswer = AnswerOf<typeof invoicePartyAnswer>;
export type InvoiceAnswer = AnswerOf<typeof invoiceAnswer>;
export type InvoicesPage = AnswerOf<typeof invoicesPageAnswer>;
export type PreInvoiceAnswer = AnswerOf<typeof preInvoiceAnswer>;
