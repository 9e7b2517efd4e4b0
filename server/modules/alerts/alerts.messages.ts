import type { MessageCatalogue } from '../../platform/i18n.js';

export const alertsMessages: MessageCatalogue = {
  'alerts.adminsOnly': { fa: 'تنظیمات هشدار و اطلاع‌رسانی را فقط مدیر سازمان می‌بیند و تغییر می‌دهد.', en: 'Only an organization administrator sees and changes the alert and notification settings.' },
  'alerts.mobileInvalid': { fa: 'شماره موبایل «{{mobile}}» معتبر نیست.', en: 'The mobile number "{{mobile}}" is not valid.' },
  'alerts.mobilesRequired': { fa: 'برای اطلاع‌رسانی پیامکی دست‌کم یک شماره موبایل وارد کنید.', en: 'Enter at least one mobile number for SMS notification.' },
  'alerts.alertTypeTwice': { fa: 'هشدار {{alertType}} دو بار آمده است.', en: 'The alert {{alertType}} is given twice.' },
  'alerts.creditThresholdRequired': { fa: 'حد اعتبار (ریال) را بزرگ‌تر از صفر وارد کنید.', en: 'Enter a credit threshold (rials) above zero.' },
  'alerts.daysRequired': { fa: 'تعداد روز را وارد کنید.', en: 'Enter the number of days.' },
  'alerts.daysAboveFrequency': { fa: 'از روز و تا روز باید بیشتر از دوره تکرار ارسال ({{frequency}} روز) باشند.', en: 'From days and to days must be more than the send frequency ({{frequency}} days).' },
  'alerts.toDaysAfterFromDays': { fa: '«تا روز» نمی‌تواند بیشتر از «از روز» باشد.', en: '"To days" cannot be more than "from days".' },
};
