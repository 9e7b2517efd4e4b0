import type { MessageCatalogue } from '../../platform/i18n.js';

export const organizationsMessages: MessageCatalogue = {
  'organization.notFound': { fa: 'سازمان یافت نشد.', en: 'Organization not found.' },
  'organization.parentNotFound': { fa: 'سازمان والد یافت نشد.', en: 'The parent organization was not found.' },
  'organization.parentArchived': { fa: 'زیر یک سازمان بایگانی‌شده نمی‌توان سازمان ساخت.', en: 'An organization cannot be created under an archived one.' },
  'organization.maxOrganizationReached': { fa: 'سقف تعداد زیرسازمان‌ها ({{limit}}) پر شده است.', en: 'The maximum number of sub-organizations ({{limit}}) has been reached.' },
  'organization.onlySuperAdminCreatesResellers': { fa: 'فقط مدیر سیستم می‌تواند نماینده (ریسلر) بسازد.', en: 'Only the system administrator can create resellers.' },
  'organization.ownLimitsByParent': { fa: 'محدودیت‌ها، پرچم‌ها و انقضای سازمان شما را فقط سازمان بالادست تغییر می‌دهد.', en: "Your organization's limits, flags and expiry are set by the organization above it." },
  'organization.ownLimitFields': { fa: 'این محدودیت‌های سازمان شما را فقط سازمان بالادست تغییر می‌دهد: {{fields}}', en: 'Only the organization above yours may change these limits of your organization: {{fields}}' },
  'organization.cannotCloseOwn': { fa: 'سازمان خودتان یا سازمان سیستم را نمی‌توانید غیرفعال، بایگانی یا حذف کنید.', en: 'You cannot deactivate, archive or delete your own organization or the system organization.' },
  'organization.cannotMove': { fa: 'این سازمان را نمی‌توان جابه‌جا کرد.', en: 'This organization cannot be moved.' },
  'organization.moveIntoOwnSubtree': { fa: 'سازمان را نمی‌توان زیر زیرمجموعه‌های خودش برد.', en: 'An organization cannot be moved under its own descendants.' },
  'organization.adminUserNotMember': { fa: 'کاربر مدیر باید از کاربران همین سازمان باشد.', en: 'The administrator user must be one of the users of this organization.' },
  'organization.blackSenderLineNotInChain': { fa: 'خط ارسال به لیست سیاه باید خطِ همین سازمان یا یکی از سازمان‌های بالادست آن باشد.', en: 'The line for blacklisted numbers must belong to this organization or one above it.' },
  'organization.sendWindowBoth': { fa: 'ساعت شروع و پایان ارسال باید با هم تعیین شوند.', en: 'The send start and end times must be set together.' },
  'organization.inactive': { fa: 'سازمان فعال نیست.', en: 'Not active organization' },
  'organization.expired': { fa: 'سازمان منقضی شده است.', en: 'Expired organization' },
};
