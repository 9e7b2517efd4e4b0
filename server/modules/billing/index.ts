export { billingModule } from './billing.module.js';
export {
  BillingService, creditFailure, failureCodeOf,
  type HoldInput, type HoldView, type HoldLineView, type HoldPrice, type HoldCheck, type RefusalDetails, type CreditFailureCode,
  type GroupHoldItem, type GroupHoldPlan,
} from './billing.service.js';
export { TariffsService, type CalculatePriceInput } from './tariffs.service.js';
export { LedgerRepository, type VerifyResult, type TypeCreditChange } from './ledger.repository.js';
export { OPERATORS, MAX_AMOUNT, toAmount, type Operator, type PartsPerOperator } from './money.js';
export { breakdown, ratesFor, priceOf, type TariffRow, type TariffRange, type PriceBreakdown } from './pricing.js';
export { PackagesService, expiryOf } from './packages.service.js';
export { DiscountsService, discountAmountOf } from './discounts.service.js';
export { CreditsService } from './credits.service.js';
export { PAYMENT_LISTENERS, type PaymentEvent, type PaymentListener } from './payment-events.js';
