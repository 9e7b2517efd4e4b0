import type { TextResource } from '../../shared/i18n/i18n';

export const layoutTexts: TextResource = {
  ns: 'layout',
  fa: {
    menu: {
      dashboard: 'داشبورد', dashboardHome: 'پیشخوان', infrastructure: 'زیرساخت', senderAgents: 'ارسال‌کننده‌ها',
      systemManagement: 'مدیریت سیستم', organizations: 'سازمان‌ها', users: 'کاربران', roles: 'نقش‌ها', roleTemplates: 'قالب‌های نقش',
      impersonations: 'تاریخچه ورود به جای کاربر', audits: 'ممیزی', sending: 'ارسال', send: 'ارسال پیامک', configuration: 'پیکربندی',
      smsReports: 'گزارش پیامک', outbox: 'صندوق ارسال', inbox: 'صندوق دریافت', facility: 'امکانات', financial: 'مالی', credit: 'اعتبار', phonebook: 'دفترچه تلفن',
      setting: 'تنظیمات', profile: 'پروفایل', sessions: 'نشست‌های فعال', loginHistory: 'تاریخچه ورود', services: 'خدمات', customersClub: 'باشگاه مشتریان',
    },
    header: {
      organization: 'سازمان فعال', language: 'English', languageLabel: 'تغییر زبان', themeDark: 'حالت تیره', themeLight: 'حالت روشن',
      logout: 'خروج', notifications: 'اعلان‌ها', nextCheck: 'بررسی بعدی تا {{seconds}} ثانیه', menu: 'منو', noNotifications: 'اعلان تازه‌ای نیست.',
    },
    impersonation: { banner: 'شما به جای «{{name}}» وارد شده‌اید.', stop: 'بازگشت به حساب خودم' },
  },
  en: {
    menu: {
      dashboard: 'Dashboard', dashboardHome: 'Home', infrastructure: 'Infrastructure', senderAgents: 'Sender agents',
      systemManagement: 'System management', organizations: 'Organizations', users: 'Users', roles: 'Roles', roleTemplates: 'Role templates',
      impersonations: 'Impersonation history', audits: 'Audit trail', sending: 'Sending', send: 'Send SMS', configuration: 'Configuration',
      smsReports: 'SMS reports', outbox: 'Outbox', inbox: 'Inbox', facility: 'Facility', financial: 'Financial', credit: 'Credit', phonebook: 'Phonebook',
      setting: 'Setting', profile: 'Profile', sessions: 'Active sessions', loginHistory: 'Login history', services: 'Services', customersClub: "Customers' club",
    },
    header: {
      organization: 'Active organization', language: 'فارسی', languageLabel: 'Change language', themeDark: 'Dark mode', themeLight: 'Light mode',
      logout: 'Log out', notifications: 'Notifications', nextCheck: 'Next check in {{seconds}} s', menu: 'Menu', noNotifications: 'No new notifications.',
    },
    impersonation: { banner: 'You are signed in as “{{name}}”.', stop: 'Back to my account' },
  },
};
