/**
 * Every claim of the product, grouped by the spec's menu sections. `level` is the lowest kind of
 * organization that may ever hold it: system claims stay in the platform operator's organization,
 * reseller claims reach resellers, organization claims reach everyone.
 */
export type ClaimLevel = 'system' | 'reseller' | 'organization';

export interface ClaimDef {
  key: string;
  level: ClaimLevel;
  fa: string;
  en: string;
}

export interface ClaimSection {
  key: string;
  fa: string;
  en: string;
  claims: ClaimDef[];
}

const c = (key: string, level: ClaimLevel, fa: string, en: string): ClaimDef => ({ key, level, fa, en });

export const CLAIM_SECTIONS: ClaimSection[] = [
  { key: 'Dashboard', fa: 'داشبورد', en: 'Dashboard', claims: [c('Dashboard.View', 'organization', 'مشاهده داشبورد', 'View dashboard')] },
  {
    key: 'Infrastructure', fa: 'زیرساخت', en: 'Infrastructure', claims: [
      c('Infrastructure.SenderAgents', 'system', 'مدیریت ارسال‌کننده‌ها (درگاه‌های اپراتور)', 'Manage sender agents (operator gateways)'),
      c('Infrastructure.PrivateNumbers', 'reseller', 'مدیریت خطوط', 'Manage private numbers (lines)'),
      c('Infrastructure.MainSettings', 'system', 'تنظیمات اصلی سامانه', 'Main system settings'),
    ],
  },
  {
    key: 'SystemManagement', fa: 'مدیریت سیستم', en: 'System management', claims: [
      c('Organizations.View', 'organization', 'مشاهده سازمان‌ها', 'View organizations'),
      c('Organizations.Create', 'organization', 'ایجاد سازمان', 'Create organizations'),
      c('Organizations.Update', 'organization', 'ویرایش سازمان', 'Edit organizations'),
      c('Organizations.Delete', 'organization', 'حذف سازمان', 'Delete organizations'),
      c('Organizations.Activate', 'organization', 'فعال و غیرفعال کردن سازمان', 'Activate and deactivate organizations'),
      c('Organizations.Archive', 'organization', 'بایگانی سازمان', 'Archive organizations'),
      c('Users.View', 'organization', 'مشاهده کاربران', 'View users'),
      c('Users.Create', 'organization', 'ایجاد کاربر', 'Create users'),
      c('Users.Update', 'organization', 'ویرایش کاربر', 'Edit users'),
      c('Users.Delete', 'organization', 'حذف کاربر', 'Delete users'),
      c('Users.Suspend', 'organization', 'تعلیق و رفع انسداد کاربر', 'Suspend and unblock users'),
      c('Users.Impersonate', 'organization', 'ورود به جای کاربر', 'Impersonate users'),
      c('Roles.View', 'organization', 'مشاهده نقش‌ها', 'View roles'),
      c('Roles.Manage', 'organization', 'مدیریت نقش‌ها', 'Manage roles'),
      c('RoleTemplates.Manage', 'reseller', 'مدیریت قالب‌های نقش', 'Manage role templates'),
      c('Audits.View', 'organization', 'مشاهده ممیزی', 'View audit trail'),
      c('News.Manage', 'reseller', 'مدیریت اخبار و اطلاعیه‌ها', 'Manage news'),
      c('CustomerDomains.Manage', 'reseller', 'مدیریت دامنه‌ها و برند', 'Manage domains and branding'),
    ],
  },
  {
    key: 'Sending', fa: 'ارسال', en: 'Sending', claims: [
      c('Sending.Single', 'organization', 'ارسال تکی', 'Single send'),
      c('Sending.Bulk', 'organization', 'ارسال انبوه', 'Bulk send'),
      c('Sending.Phonebook', 'organization', 'ارسال از دفترچه تلفن', 'Send from phonebook'),
      c('Sending.Smart', 'organization', 'ارسال هوشمند', 'Smart send'),
      c('Sending.Confirm', 'reseller', 'تأیید ارسال‌ها', 'Confirm sends'),
    ],
  },
  { key: 'Configuration', fa: 'پیکربندی', en: 'Configuration', claims: [c('Configuration.Manage', 'organization', 'پیکربندی', 'Configuration')] },
  {
    key: 'SmsReports', fa: 'گزارش پیامک', en: 'SMS reports', claims: [
      c('SmsReports.Outbox', 'organization', 'صندوق ارسال', 'Outbox'),
      c('SmsReports.Inbox', 'organization', 'صندوق دریافت', 'Inbox'),
      c('SmsReports.EditStatus', 'system', 'ویرایش وضعیت ارسال‌ها', "Edit sends' status"),
      c('SmsReports.Rfm', 'reseller', 'امتیازدهی مشتریان (RFM)', "Customers' RFM ranking"),
      c('SmsReports.Reports', 'organization', 'گزارش کاربر و سازمان', 'User and organization reports'),
      c('SmsReports.TreeReport', 'reseller', 'گزارش درخت سازمان‌ها', 'Organization tree report'),
    ],
  },
  { key: 'Facility', fa: 'امکانات', en: 'Facility', claims: [c('Facility.Use', 'organization', 'امکانات', 'Facilities')] },
  {
    key: 'Financial', fa: 'مالی', en: 'Financial', claims: [
      c('Financial.View', 'organization', 'مشاهده اعتبار و تراکنش‌ها', 'View credit and transactions'),
      c('Financial.Payments', 'organization', 'پرداخت‌ها', 'Payments'),
      c('Financial.ConfirmPayments', 'reseller', 'تأیید پرداخت‌ها', 'Confirm payments'),
      c('Financial.Tariffs', 'reseller', 'تعرفه‌ها', 'Tariffs'),
      c('Financial.ResellerMargin', 'reseller', 'سود و اهداف نمایندگی', "Reseller's margin and targets"),
    ],
  },
  { key: 'Phonebook', fa: 'دفترچه تلفن', en: 'Phonebook', claims: [c('Phonebook.Manage', 'organization', 'مدیریت دفترچه تلفن', 'Manage phonebooks')] },
  { key: 'Setting', fa: 'تنظیمات', en: 'Setting', claims: [c('Setting.Manage', 'organization', 'تنظیمات', 'Settings')] },
  { key: 'Services', fa: 'خدمات', en: 'Services', claims: [c('Services.Use', 'organization', 'خدمات', 'Services')] },
  { key: 'CustomersClub', fa: 'باشگاه مشتریان', en: "Customers' club", claims: [c('CustomersClub.Manage', 'organization', 'باشگاه مشتریان', "Customers' club")] },
];

export const ALL_CLAIMS: readonly string[] = CLAIM_SECTIONS.flatMap((s) => s.claims.map((x) => x.key));
const LEVEL_OF = new Map(CLAIM_SECTIONS.flatMap((s) => s.claims.map((x) => [x.key, x.level] as const)));

export function isKnownClaim(key: string): boolean {
  return LEVEL_OF.has(key);
}

/** The most an organization of this kind may hold when no role template narrows it. */
export function defaultCeiling(orgType: string): string[] {
  const allowed: ClaimLevel[] = orgType === 'system' ? ['system', 'reseller', 'organization'] : orgType === 'reseller' ? ['reseller', 'organization'] : ['organization'];
  return ALL_CLAIMS.filter((k) => allowed.includes(LEVEL_OF.get(k) as ClaimLevel));
}

/**
 * The claims each sellable module gates (ids of billing's module catalogue, `MODULES` in
 * plans.service.ts; a unit test keeps the two lists equal). A module on sale to an organization
 * that it has not bought takes these claims out of its users' principals, so the menu hides them
 * and every route guarded by them answers 403 (see `lockedModules` in users.repository.ts).
 * GeneralPhoneBook and Webservice gate nothing yet: their areas have no claim of their own.
 */
export const MODULE_CLAIMS: Readonly<Record<string, readonly string[]>> = {
  BulkSms: ['Sending.Bulk'],
  SmartSms: ['Sending.Smart'],
  PhoneBook: ['Phonebook.Manage', 'Sending.Phonebook'],
  GeneralPhoneBook: [],
  Receive: ['SmsReports.Inbox'],
  Webservice: [],
  Reseller: ['RoleTemplates.Manage', 'Financial.Tariffs', 'Financial.ConfirmPayments', 'Sending.Confirm', 'Infrastructure.PrivateNumbers', 'Financial.ResellerMargin'],
};

/** The claims that the given locked (on sale, not bought) modules take away. */
export function claimsOfModules(moduleIds: Iterable<string>): string[] {
  return [...new Set([...moduleIds].flatMap((m) => MODULE_CLAIMS[m] ?? []))];
}

/** What a user without a role may do: look at the dashboard. */
export const BASE_CLAIMS: readonly string[] = ['Dashboard.View'];

/**
 * The claims in `claims` that `held` lacks, sorted. One rule for every place where one user's
 * access reaches another's: nobody grants a claim they do not hold (roles), and nobody acts as or
 * takes over a user holding one (impersonation, password reset, unblock).
 */
export function claimsBeyond(held: ReadonlySet<string>, claims: Iterable<string>): string[] {
  return [...new Set(claims)].filter((c) => !held.has(c)).sort();
}
