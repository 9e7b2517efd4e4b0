/** Shapes of the billing API (amounts are integer rials as decimal strings). */
export interface CreditView {
  organizationId: number;
  organizationName: string;
  isPostpaid: boolean;
  balance: string;
  held: string;
  credit: string;
  creditLimit: string;
}

export interface MyCredit {
  organization: CreditView;
  user: { userId: number; hasAllowance: boolean; balance: string | null; held: string | null; credit: string | null };
}

export const MY_CREDIT_KEY = '/Credits/GetMyCredit';

export interface Payment {
  id: number;
  organizationId: number;
  payerOrganizationName?: string | null;
  typePayment: string;
  typeStatus: string;
  amount: string;
  paymentDate?: string | null;
  description?: string | null;
  createdAt?: string;
  createdByUserName?: string | null;
  rejectionDescription?: string | null;
}

export const PAYMENT_TYPES = ['Cash', 'Cheque', 'Card', 'Account'] as const;
export const PAYMENT_STATUSES = ['Confirmed', 'Rejected', 'Checking', 'Lending', 'WatingForPay'] as const;
export { OPERATORS, SMART_OPERATORS } from '../../../../server/shared/sms/operator-prefixes';

export type InvoiceKind = 'payment' | 'package' | 'plan';

export interface InvoiceParty {
  id: number | null;
  name: string | null;
  economicCode?: string | null;
  nationalId?: string | null;
  address?: string | null;
  phone?: string | null;
  bankAccounts: { accountNo: string | null; branch: string | null; cardNo: string | null; iban: string | null; owner: string | null }[];
}

export interface Invoice {
  id: number;
  invoiceNumber: string;
  kind: InvoiceKind;
  referenceId: number;
  issuedAt: string;
  buyer: InvoiceParty;
  seller: InvoiceParty;
  lines: { title: string; quantity: number; unitPrice: string; amount: string }[];
  amount: string;
  price: string;
  levy: string;
  taxPercent: string;
  tax: string;
  total: string;
}

/** Where the invoice of a confirmed payment or a purchase is shown. */
export const invoicePath = (kind: InvoiceKind, referenceId: number | string) => `/financial/invoice/${kind}/${referenceId}`;
export const invoiceByIdPath = (id: number) => `/financial/invoices/${id}`;
