import type { TextResource } from '../../shared/i18n/i18n';

export const alertsTexts: TextResource = {
  ns: 'alerts',
  fa: {
    menu: 'هشدارها و اطلاع‌رسانی',
    title: 'تنظیمات هشدار و اطلاع‌رسانی',
    notification: 'تنظیمات اطلاع‌رسانی', enableSms: 'اطلاع‌رسانی پیامکی', enablePanel: 'اطلاع‌رسانی در پنل',
    mobiles: 'موبایل‌های دریافت اطلاع‌رسانی پیامکی', mobilesHint: 'هر شماره در یک خط. پیامک هشدار از خط سامانه فرستاده می‌شود و هزینه‌ای از اعتبار شما کم نمی‌کند.',
    types: { LowCredit: 'کمبود اعتبار', OrganizationExpiration: 'انقضای سازمان', PrivateNumberExpiration: 'انقضای خط' },
    enabled: 'ارسال هشدار فعال', frequency: 'دوره تکرار ارسال (روز)', importance: 'اهمیت', fromDays: 'از چند روز پیش از انقضا', toDays: 'تا چند روز پیش از انقضا',
    daysHint: 'از روز و تا روز باید بیشتر از دوره تکرار ارسال باشند.', threshold: 'حد اعتبار (ریال)',
    levels: { Low: 'کم', Normal: 'عادی', High: 'زیاد' },
    flags: 'پرچم‌های هشدار سازمان', flagsHint: 'این پرچم‌ها در فرم سازمان تنظیم می‌شوند.',
    flagAdmin: 'ارسال هشدار به مدیر سازمان (موبایل مدیران هم پیامک می‌گیرد)', flagExpiry: 'هشدار انقضای سازمان (بدون آن هشدار انقضای سازمان فرستاده نمی‌شود)',
    flagPayment: 'هشدار ثبت پرداخت (پرداختی که سازمان زیرمجموعه ثبت کرده و منتظر تأیید شماست)', flagOnline: 'هشدار پرداخت آنلاین (پرداخت آنلاین سازمان زیرمجموعه)',
    on: 'روشن', off: 'خاموش', save: 'ذخیره', saved: 'تنظیمات ذخیره شد.', formInvalid: 'فرم کامل نیست؛ موارد مشخص‌شده را اصلاح کنید.',
  },
  en: {
    menu: 'Alerts and notifications',
    title: 'Alert and notification settings',
    notification: 'Notification settings', enableSms: 'SMS notification', enablePanel: 'Panel notification',
    mobiles: 'Mobiles to receive SMS notification', mobilesHint: 'One number a line. Alert SMS go out from the system line and cost your credit nothing.',
    types: { LowCredit: 'Low credit', OrganizationExpiration: 'Organization expiry', PrivateNumberExpiration: 'Line expiry' },
    enabled: 'Send alert', frequency: 'Send frequency (days)', importance: 'Importance', fromDays: 'From days before expiry', toDays: 'To days before expiry',
    daysHint: 'From days and to days must be more than the send frequency.', threshold: 'Credit threshold (rials)',
    levels: { Low: 'Low', Normal: 'Normal', High: 'High' },
    flags: "The organization's alert flags", flagsHint: 'These flags are set on the organization form.',
    flagAdmin: "Alert the organization administrator (administrators' mobiles get the SMS too)", flagExpiry: 'Alert on organization expiry (without it no organization expiry alert is sent)',
    flagPayment: 'Alert on new payment (a payment an organization below registered, awaiting your confirmation)', flagOnline: 'Alert on new online payment (an online payment of an organization below)',
    on: 'On', off: 'Off', save: 'Save', saved: 'The settings were saved.', formInvalid: 'The form is not complete; correct the marked fields.',
  },
};
