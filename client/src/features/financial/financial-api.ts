import { endpoint } from '../../shared/api/endpoint';
import type {
  CreditLimitAnswer, CreditViewAnswer, MyCreditAnswer, OrganizationChargedAnswer, TransactionAnswer, TransactionsPage, UserCreditChangedAnswer,
} from '../../../../server/shared/billing/credits.answers';
import type {
  OrganizationTariffAnswer, PriceCalculationAnswer, TariffAnswer, TariffAssignedAnswer, TariffRangeAnswer, TariffsPage,
} from '../../../../server/shared/billing/tariffs.answers';
import type {
  OnlineGatewaysAnswer, OnlinePaymentStartedAnswer, PaymentAnswer, PaymentDecisionAnswer, PaymentListItem, PaymentsPage,
} from '../../../../server/shared/billing/payments.answers';
import type {
  AccountInformationAnswer, AccountInformationsPage, PaymentGatewayAnswer, PaymentGatewaysPage,
} from '../../../../server/shared/billing/gateways.answers';
import type {
  DiscountAnswer, DiscountCheckAnswer, DiscountsPage, PackageAnswer, PackageBoughtAnswer, PackagePurchaseAnswer, PackagePurchasesPage, PackagesPage,
} from '../../../../server/shared/billing/packages.answers';
import type { ModulesPage, OrganizationModuleStatesAnswer, PlanAnswer, PlanBoughtAnswer, PlansPage } from '../../../../server/shared/billing/plans.answers';
import type { InvoiceAnswer, InvoiceKind, InvoicePartyAnswer, InvoicesPage, PreInvoiceAnswer } from '../../../../server/shared/billing/invoices.answers';

/**
 * Shapes of the billing API: the server's answer contracts (module billing). Amounts are integer
 * rials as decimal strings.
 */
export type CreditView = CreditViewAnswer;
export type MyCredit = MyCreditAnswer;
export type Transaction = TransactionAnswer;
export type Payment = PaymentListItem;
export type Tariff = TariffAnswer;
export type { TariffRangeAnswer };
export type OrganizationTariff = OrganizationTariffAnswer;
export type Calculation = PriceCalculationAnswer;
export type Package = PackageAnswer;
export type Purchase = PackagePurchaseAnswer;
export type Discount = DiscountAnswer;
export type DiscountCheck = DiscountCheckAnswer;
export type Plan = PlanAnswer;
export type OnlineGateway = OnlineGatewaysAnswer[number];
export type OnlinePaymentStarted = OnlinePaymentStartedAnswer;
export type AccountInformation = AccountInformationAnswer;
export type PaymentGateway = PaymentGatewayAnswer;
export type PlanBought = PlanBoughtAnswer;
export type CatalogueModule = ModulesPage['items'][number];
export type ModuleState = OrganizationModuleStatesAnswer[number];
export type PreInvoice = PreInvoiceAnswer;
export type PreInvoiceKind = PreInvoice['kind'];
export type Invoice = InvoiceAnswer;
export type InvoiceParty = InvoicePartyAnswer;
export type { InvoiceKind };

export const PAYMENT_TYPES = ['Cash', 'Cheque', 'Card', 'Account'] as const;
export const PAYMENT_STATUSES = ['Confirmed', 'Rejected', 'Checking', 'Lending', 'WatingForPay'] as const;
export { OPERATORS, SMART_OPERATORS } from '../../../../server/shared/sms/operator-prefixes';

/** A volume range as the tariff form sends it (an empty line type is the server's `default`). */
export interface TariffRangeInput {
  lineType?: string;
  fromCount: number;
  toCount: number | null;
  prices: Partial<Record<string, string | null>>;
  smartPercent?: Partial<Record<string, number>>;
}

export interface TariffInput {
  title: string;
  category: string | null;
  internationalBenefitType: string | null;
  internationalBenefitValue?: string;
  ranges: TariffRangeInput[];
}

export interface PackageInput {
  title: string;
  expirationType: number;
  expiration?: number;
  depositPrice: string;
  chargeAmount: string;
  isActive: boolean;
  description: string | null;
}

export interface DiscountInput {
  code: string;
  title: string | null;
  isPercentage: boolean;
  isActive: boolean;
  discountPercentageValue: string | null;
  discountValue: string | null;
  maximumAmount: string | null;
  maximumUse: number | null;
  specialOrganizationId: number | null;
  startsAt: string | null;
  endsAt: string | null;
}

/** `Transactions/GetAll`'s filters (empty ones left out). */
export type TransactionsQuery = {
  pageIndex: number;
  pageSize: number;
  organizationId?: number;
  userId?: number;
  typeCreditChange?: string;
  typeTransaction?: string;
  referenceType?: string;
  referenceId?: string;
  fromDate?: string;
  toDate?: string;
};

export const creditsApi = {
  myCredit: endpoint.get<MyCredit>('/Credits/GetMyCredit'),
  organizationCredit: endpoint.get<CreditView, { organizationId: number }>('/Organizations/GetOrganizationCreditForAdmin'),
  chargeOrganization: endpoint.post<{ organizationId: number; amount: string; isIncrement: boolean; description: string }, OrganizationChargedAnswer>(
    '/Credits/ChargeOrganization'),
  increaseUserCredit: endpoint.post<{ userId: number; amount: string; description: string }, UserCreditChangedAnswer>('/Credits/IncreaseUserCredit'),
  decreaseUserCredit: endpoint.post<{ userId: number; amount: string; description: string }, UserCreditChangedAnswer>('/Credits/DecreaseUserCredit'),
  setCreditLimit: endpoint.post<{ organizationId: number; creditLimit: string }, CreditLimitAnswer>('/Credits/SetCreditLimit'),
};

export const transactionsApi = {
  list: endpoint.get<TransactionsPage, TransactionsQuery>('/Transactions/GetAll'),
};

export const paymentsApi = {
  list: endpoint.get<PaymentsPage, { pageIndex: number; pageSize: number; typePayment?: string; typeStatus?: string }>('/Payments/GetAll'),
  /** The body holds only the fields of the chosen payment type (the page builds it). */
  create: endpoint.post<Record<string, unknown>, PaymentAnswer>('/Payments/Create'),
  confirm: endpoint.post<{ id: number }, PaymentDecisionAnswer>('/Payments/ConfirmPayment'),
  reject: endpoint.post<{ id: number; rejectionDescription?: string }, PaymentDecisionAnswer>('/Payments/RejectPayment'),
  onlineGateways: endpoint.get<OnlineGatewaysAnswer>('/Payments/GetDescriptorOnlineGateway'),
  createOnline: endpoint.post<{ amount: string; gatewayId: number; description?: string }, OnlinePaymentStarted>('/Payments/CreateOnline'),
};

/** Account information fields (all optional, null clears). */
export type AccountInformationInput = Partial<Record<'accountNo' | 'branch' | 'cardNo' | 'iban' | 'owner', string | null>>;

export interface PaymentGatewayInput {
  typeIPG?: string;
  title?: string;
  /** Only the provider's own keys; a secret left out on update keeps the stored one. */
  configJson?: Record<string, unknown>;
  isGeneralUse?: boolean;
  isFactorUse?: boolean;
  isActive?: boolean;
  accountInformationId?: number | null;
}

export const accountInformationsApi = {
  list: endpoint.get<AccountInformationsPage>('/AccountInformations/GetAll'),
  create: endpoint.post<AccountInformationInput, AccountInformation>('/AccountInformations/Create'),
  update: endpoint.post<AccountInformationInput & { id: number }, AccountInformation>('/AccountInformations/Update'),
  delete: endpoint.deleteById<{ id: number }>('/AccountInformations/Delete'),
};

export const paymentGatewaysApi = {
  list: endpoint.get<PaymentGatewaysPage>('/PaymentGateways/GetAll'),
  create: endpoint.post<PaymentGatewayInput & { typeIPG: string; title: string; configJson: Record<string, unknown> }, PaymentGateway>('/PaymentGateways/Create'),
  update: endpoint.post<PaymentGatewayInput & { id: number }, PaymentGateway>('/PaymentGateways/Update'),
  delete: endpoint.deleteById<{ id: number }>('/PaymentGateways/Delete'),
};

export const tariffsApi = {
  list: endpoint.get<TariffsPage, { pageIndex: number; pageSize: number }>('/Tariffs/GetAll'),
  create: endpoint.post<TariffInput, Tariff>('/Tariffs/Create'),
  update: endpoint.post<TariffInput & { id: number }, Tariff>('/Tariffs/Update'),
  delete: endpoint.deleteById<{ id: number }>('/Tariffs/Delete'),
  organizationTariff: endpoint.get<OrganizationTariff, { organizationId: number }>('/Tariffs/GetOrganizationTariff'),
  assign: endpoint.post<{ organizationId: number; tariffId: number | null }, TariffAssignedAnswer>('/Tariffs/AssignToOrganization'),
  calculatePrice: endpoint.post<{ organizationId?: number; parts: number; recipients: Record<string, number> }, Calculation>('/Tariffs/CalculatePrice'),
};

export const packagesApi = {
  list: endpoint.get<PackagesPage, { pageIndex: number; pageSize: number; forPurchase?: boolean }>('/Packages/GetAll'),
  create: endpoint.post<PackageInput, Package>('/Packages/Create'),
  update: endpoint.post<PackageInput & { id: number }, Package>('/Packages/Update'),
  buy: endpoint.post<{ packageId: number; discountCode?: string; requestId: string }, PackageBoughtAnswer>('/Packages/Buy'),
  purchases: endpoint.get<PackagePurchasesPage, { pageIndex: number; pageSize: number }>('/Packages/GetPurchases'),
};

export const discountsApi = {
  list: endpoint.get<DiscountsPage, { pageIndex: number; pageSize: number }>('/Discounts/GetAll'),
  create: endpoint.post<DiscountInput, Discount>('/Discounts/Create'),
  update: endpoint.post<DiscountInput & { id: number }, Discount>('/Discounts/Update'),
  delete: endpoint.deleteById<{ id: number }>('/Discounts/Delete'),
  check: endpoint.post<{ code: string; amount: string }, DiscountCheck>('/Discounts/Check'),
};

export interface PlanInput {
  title: string;
  planType: string;
  planPrice: string;
  /** Null: the plan cannot be extended. */
  extentionPrice: string | null;
  planInformation: string | null;
  modules: string[];
  isActive: boolean;
}

export const plansApi = {
  get: endpoint.getById<Plan>('/Plans/GetPlan'),
  /** Every plan the caller manages at once (the server does not page plans); the screen pages it. */
  list: endpoint.get<PlansPage, { forPurchase?: boolean }>('/Plans/GetAll'),
  create: endpoint.post<PlanInput, Plan>('/Plans/Create'),
  update: endpoint.post<PlanInput & { id: number }, Plan>('/Plans/Update'),
  delete: endpoint.deleteById<null>('/Plans/Delete'),
  buy: endpoint.post<{ planId: number; requestId: string }, PlanBoughtAnswer>('/Plans/Buy'),
};

export const modulesApi = {
  catalogue: endpoint.get<ModulesPage>('/Modules/GetAll'),
  states: endpoint.get<OrganizationModuleStatesAnswer, { organizationId: number }>('/Modules/GetOrganizationModuleStates'),
  assign: endpoint.post<{ organizationId: number; moduleId: string; assigned: boolean }, null>('/Modules/AssignToOrganization'),
};

export const invoicesApi = {
  get: endpoint.getById<Invoice>('/Invoices/Get'),
  createPreInvoice: endpoint.post<{ kind: PreInvoiceKind; id?: number; amount?: string }, PreInvoice>('/Invoices/CreatePreInvoice'),
  getPreInvoice: endpoint.getById<PreInvoice>('/Invoices/GetPreInvoice'),
  list: endpoint.get<InvoicesPage, { kind: InvoiceKind; referenceId: number; pageSize: number }>('/Invoices/GetAll'),
};

/**
 * The feature's SWR keys, in one place. `myCredit` stays the path the default fetcher read: the
 * dashboard shares it, and every payment, purchase or plan revalidates the balance by it.
 */
export const financialKeys = {
  myCredit: () => '/Credits/GetMyCredit',
  organizationCredit: (organizationId: number) => ['org-credit', organizationId] as const,
  transactions: (query: TransactionsQuery) => ['transactions', JSON.stringify(query)] as const,
  payments: (typePayment: string, typeStatus: string, pageIndex: number, pageSize: number) => ['payments', typePayment, typeStatus, pageIndex, pageSize] as const,
  tariffs: (pageIndex: number, pageSize: number) => ['tariffs', pageIndex, pageSize] as const,
  organizationTariff: (organizationId: number) => ['organization-tariff', organizationId] as const,
  packages: (forPurchase: boolean, pageIndex: number, pageSize: number) => ['packages', forPurchase, pageIndex, pageSize] as const,
  purchases: (pageIndex: number, pageSize: number) => ['package-purchases', pageIndex, pageSize] as const,
  isPurchasesKey: (key: unknown) => Array.isArray(key) && key[0] === 'package-purchases',
  discounts: (pageIndex: number, pageSize: number) => ['discounts', pageIndex, pageSize] as const,
  plan: (planId: string | undefined) => ['plan', planId] as const,
  onlineGateways: () => ['online-gateways'] as const,
  accountInformations: () => ['account-informations'] as const,
  paymentGateways: () => ['payment-gateways'] as const,
  invoice: (id: string | undefined, kind: string | undefined, referenceId: string | undefined) => ['invoice', id, kind, referenceId] as const,
  managedPlans: () => ['managed-plans'] as const,
  moduleCatalogue: () => ['module-catalogue'] as const,
  moduleStates: (organizationId: number) => ['module-states', organizationId] as const,
  preInvoice: (id: string | undefined) => ['pre-invoice', id] as const,
};

/** The balance's key under its old name (the dashboard reads it). */
export const MY_CREDIT_KEY = financialKeys.myCredit();

/** Where the invoice of a confirmed payment or a purchase is shown. */
export const invoicePath = (kind: InvoiceKind, referenceId: number | string) => `/financial/invoice/${kind}/${referenceId}`;
export const invoiceByIdPath = (id: number) => `/financial/invoices/${id}`;
export const preInvoicePath = (id: number) => `/financial/pre-invoices/${id}`;
/** The public plan page a seller sends to customers. */
export const publicPlanPath = (id: number) => `/plan/${id}`;
