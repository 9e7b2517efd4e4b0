import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { LedgerRepository } from './ledger.repository.js';
import { TariffsRepository } from './tariffs.repository.js';
import { PaymentsRepository } from './payments.repository.js';
import { MainSettingsService } from './main-settings.service.js';
import { BillingService } from './billing.service.js';
import { CreditsService } from './credits.service.js';
import { TariffsService } from './tariffs.service.js';
import { PaymentsService } from './payments.service.js';
import { PaymentEvents } from './payment-events.js';
import { PackagesRepository } from './packages.repository.js';
import { PackagesService } from './packages.service.js';
import { DiscountsService } from './discounts.service.js';
import {
  creditsController, discountsController, ledgerController, packagesController, mainSettingsController, organizationCreditController, paymentsController, tariffsController, transactionsController,
} from './billing.routes.js';
import { billingMessages } from './billing.messages.js';
import { PlansService } from './plans.service.js';
import { PlansRepository } from './plans.repository.js';
import { modulesController, plansController } from './plans.routes.js';
import { InvoicesService } from './invoices.service.js';
import { InvoicesRepository } from './invoices.repository.js';
import { invoicesController } from './invoices.routes.js';
import { PaymentProviderRegistry } from './gateways/payment-providers.js';
import { GatewaysService } from './gateways/gateways.service.js';
import { GatewaysRepository } from './gateways/gateways.repository.js';
import { ResellerTargetsRepository } from './reseller-targets.repository.js';
import { ResellerTargetsService } from './reseller-targets.service.js';
import { resellersController } from './reseller-targets.routes.js';
import { accountInformationsController, onlinePaymentsController, paymentGatewaysController } from './gateways/gateways.routes.js';

export const billingModule: PeykModule = {
  name: 'billing',
  messages: billingMessages,
  register(container: Container) {
    const classes: (new (...args: never[]) => unknown)[] = [
      LedgerRepository, TariffsRepository, PaymentsRepository, PaymentEvents, MainSettingsService, BillingService, CreditsService, TariffsService, PaymentsService,
      PackagesRepository, DiscountsService, PackagesService, PaymentProviderRegistry, GatewaysRepository, GatewaysService, PlansRepository, PlansService, InvoicesService, InvoicesRepository,
      ResellerTargetsRepository, ResellerTargetsService,
    ];
    for (const cls of classes) container.bind(cls).toSelf().inSingletonScope();
  },
  controllers: (container) => {
    const credits = container.get(CreditsService);
    return [
      organizationCreditController(credits),
      creditsController(credits),
      transactionsController(credits),
      ledgerController(credits),
      tariffsController(container.get(TariffsService)),
      mainSettingsController(container.get(MainSettingsService)),
      paymentsController(container.get(PaymentsService)),
      packagesController(container.get(PackagesService)),
      discountsController(container.get(DiscountsService)),
      onlinePaymentsController(container.get(GatewaysService)),
      paymentGatewaysController(container.get(GatewaysService)),
      accountInformationsController(container.get(GatewaysService)),
      plansController(container.get(PlansService)),
      modulesController(container.get(PlansService)),
      invoicesController(container.get(InvoicesService)),
      resellersController(container.get(ResellerTargetsService)),
    ];
  },
  // Every minute, one process of the installation: the sweeps are one conditional write per row; the
  // target rewards one reward row per target and period (its key makes a repeat write nothing).
  jobs: (container: Container) => {
    const gateways = container.get(GatewaysService);
    const packages = container.get(PackagesService);
    const resellers = container.get(ResellerTargetsService);
    return [
      { name: 'billing.expire-abandoned-payments', schedule: '0 * * * * *', scope: 'global', run: () => gateways.expireAbandonedPayments() },
      { name: 'billing.expire-packages', schedule: '0 * * * * *', scope: 'global', run: () => packages.expireDue() },
      { name: 'billing.reseller-target-rewards', schedule: '30 * * * * *', scope: 'global', run: (now: Date, signal: AbortSignal) => resellers.rewardDue(now, signal) },
    ];
  },
};
