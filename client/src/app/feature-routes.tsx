import type { RouteObject } from 'react-router';

/** Screens of the feature areas inside the main layout (each area lazy). */
export const extraRoutes: RouteObject[] = [
  { path: 'organizations', lazy: () => import('../features/organizations/organizations-page').then((m) => ({ Component: m.OrganizationsPage })) },
  { path: 'users', lazy: () => import('../features/users/users-page').then((m) => ({ Component: m.UsersPage })) },
  { path: 'roles', lazy: () => import('../features/roles/roles-page').then((m) => ({ Component: m.RolesPage })) },
  { path: 'role-templates', lazy: () => import('../features/roles/role-templates-page').then((m) => ({ Component: m.RoleTemplatesPage })) },
  { path: 'impersonations', lazy: () => import('../features/impersonation/impersonation-history-page').then((m) => ({ Component: m.ImpersonationHistoryPage })) },
  { path: 'financial/credit', lazy: () => import('../features/financial/credit-page').then((m) => ({ Component: m.CreditPage })) },
  { path: 'financial/transactions', lazy: () => import('../features/financial/transactions-page').then((m) => ({ Component: m.TransactionsPage })) },
  { path: 'financial/payments', lazy: () => import('../features/financial/payments-page').then((m) => ({ Component: m.PaymentsPage })) },
  { path: 'financial/tariffs', lazy: () => import('../features/financial/tariffs-page').then((m) => ({ Component: m.TariffsPage })) },
  { path: 'financial/packages', lazy: () => import('../features/financial/packages-page').then((m) => ({ Component: m.PackagesPage })) },
  { path: 'financial/discounts', lazy: () => import('../features/financial/discounts-page').then((m) => ({ Component: m.DiscountsPage })) },
  { path: 'financial/invoices/:id', lazy: () => import('../features/financial/invoice-page').then((m) => ({ Component: m.InvoicePage })) },
  { path: 'financial/invoice/:kind/:referenceId', lazy: () => import('../features/financial/invoice-page').then((m) => ({ Component: m.InvoicePage })) },
  { path: 'sending/single', lazy: () => import('../features/sending/send-page').then((m) => ({ Component: m.SingleSendPage })) },
  { path: 'sending/bulk', lazy: () => import('../features/sending/send-page').then((m) => ({ Component: m.BulkSendPage })) },
  { path: 'sending/periodic', lazy: () => import('../features/sending/periodic-sends-page').then((m) => ({ Component: m.PeriodicSendsPage })) },
  { path: 'outbox', lazy: () => import('../features/outbox/outbox-page').then((m) => ({ Component: m.OutboxPage })) },
  { path: 'inbox', lazy: () => import('../features/inbox/inbox-page').then((m) => ({ Component: m.InboxPage })) },
  { path: 'outbox/:id', lazy: () => import('../features/outbox/outbox-detail-page').then((m) => ({ Component: m.OutboxDetailPage })) },
  { path: 'send-queue', lazy: () => import('../features/send-queue/send-queue-page').then((m) => ({ Component: m.SendQueuePage })) },
  { path: 'infrastructure/sender-agents', lazy: () => import('../features/lines/sender-agents-page').then((m) => ({ Component: m.SenderAgentsPage })) },
  { path: 'infrastructure/lines', lazy: () => import('../features/lines/lines-page').then((m) => ({ Component: m.LinesPage })) },
  { path: 'blacklist', lazy: () => import('../features/blacklist/blacklist-page').then((m) => ({ Component: m.BlacklistPage })) },
  { path: 'audits', lazy: () => import('../features/audits/audits-page').then((m) => ({ Component: m.AuditsPage })) },
];
