/** The spec's menu sections; an item shows only when the user holds its claim. */
export interface MenuItem {
  path: string;
  titleKey: string;
  claim?: string;
}

export interface MenuSection {
  key: string;
  titleKey: string;
  items: MenuItem[];
}

export const MENU: MenuSection[] = [
  { key: 'Dashboard', titleKey: 'menu.dashboard', items: [{ path: '/', titleKey: 'menu.dashboardHome', claim: 'Dashboard.View' }] },
  {
    key: 'Infrastructure', titleKey: 'menu.infrastructure', items: [
      { path: '/infrastructure/sender-agents', titleKey: 'sending:menu.senderAgents', claim: 'Infrastructure.SenderAgents' },
      { path: '/infrastructure/lines', titleKey: 'sending:menu.lines', claim: 'Infrastructure.PrivateNumbers' },
    ],
  },
  {
    key: 'SystemManagement', titleKey: 'menu.systemManagement', items: [
      { path: '/organizations', titleKey: 'menu.organizations', claim: 'Organizations.View' },
      { path: '/users', titleKey: 'menu.users', claim: 'Users.View' },
      { path: '/roles', titleKey: 'menu.roles', claim: 'Roles.View' },
      { path: '/role-templates', titleKey: 'menu.roleTemplates', claim: 'RoleTemplates.Manage' },
      { path: '/impersonations', titleKey: 'menu.impersonations', claim: 'Users.Impersonate' },
      { path: '/audits', titleKey: 'menu.audits', claim: 'Audits.View' },
    ],
  },
  {
    key: 'Sending', titleKey: 'menu.sending', items: [
      { path: '/sending/single', titleKey: 'sending:menu.single', claim: 'Sending.Single' },
      { path: '/sending/bulk', titleKey: 'sending:menu.bulk', claim: 'Sending.Bulk' },
      { path: '/sending/periodic', titleKey: 'sending:menu.periodic', claim: 'Sending.Bulk' },
      { path: '/send-queue', titleKey: 'sending:menu.sendQueue', claim: 'Sending.Confirm' },
    ],
  },
  { key: 'Configuration', titleKey: 'menu.configuration', items: [{ path: '/section/configuration', titleKey: 'menu.configuration', claim: 'Configuration.Manage' }] },
  { key: 'SmsReports', titleKey: 'menu.smsReports', items: [
      { path: '/outbox', titleKey: 'menu.outbox', claim: 'SmsReports.Outbox' },
      { path: '/inbox', titleKey: 'menu.inbox', claim: 'SmsReports.Inbox' },
    ],
  },
  { key: 'Facility', titleKey: 'menu.facility', items: [{ path: '/section/facility', titleKey: 'menu.facility', claim: 'Facility.Use' }] },
  {
    key: 'Financial', titleKey: 'menu.financial', items: [
      { path: '/financial/credit', titleKey: 'menu.credit', claim: 'Financial.View' },
      { path: '/financial/transactions', titleKey: 'financial:menu.transactions', claim: 'Financial.View' },
      { path: '/financial/payments', titleKey: 'financial:menu.payments', claim: 'Financial.Payments' },
      { path: '/financial/packages', titleKey: 'financial:menu.packages', claim: 'Financial.View' },
      { path: '/financial/tariffs', titleKey: 'financial:menu.tariffs', claim: 'Financial.Tariffs' },
      { path: '/financial/discounts', titleKey: 'financial:menu.discounts', claim: 'Financial.Tariffs' },
    ],
  },
  { key: 'Phonebook', titleKey: 'menu.phonebook', items: [{ path: '/section/phonebook', titleKey: 'menu.phonebook', claim: 'Phonebook.Manage' }] },
  {
    key: 'Setting', titleKey: 'menu.setting', items: [
      { path: '/profile', titleKey: 'menu.profile' },
      { path: '/sessions', titleKey: 'menu.sessions' },
      { path: '/login-history', titleKey: 'menu.loginHistory' },
      { path: '/blacklist', titleKey: 'sending:menu.blacklist', claim: 'Setting.Manage' },
    ],
  },
  { key: 'Services', titleKey: 'menu.services', items: [{ path: '/section/services', titleKey: 'menu.services', claim: 'Services.Use' }] },
  { key: 'CustomersClub', titleKey: 'menu.customersClub', items: [{ path: '/section/club', titleKey: 'menu.customersClub', claim: 'CustomersClub.Manage' }] },
];
