import type { TextResource } from '../../shared/i18n/i18n';

/** Resend by delivery status (outbox detail) and the automatic resend rules of a line (lines page). */
export const resendTexts: TextResource = {
  ns: 'resend',
  fa: {
    heading: 'ارسال مجدد', button: 'ارسال مجدد بر اساس وضعیت تحویل', title: 'ارسال مجدد ارسال #{{id}}',
    statuses: 'وضعیت‌های تحویل', line: 'خط ارسال', count: '{{n}} گیرنده دوباره فرستاده می‌شود.', submit: 'ارسال مجدد', cancel: 'انصراف',
    made: 'ارسال مجدد #{{id}} ثبت شد.', resendOf: 'ارسال مجدد از ارسال', automaticOf: 'ارسال مجدد خودکار از ارسال',
    manual: 'ارسال مجدد', automatic: 'ارسال مجدد خودکار', receivers: '{{n}} گیرنده',
    already: 'گیرندگان این ارسال قبلاً دوباره فرستاده شده‌اند؛ ارسال مجدد دیگر آن‌ها را بار دیگر می‌فرستد و دوباره هزینه دارد:',
    alreadyItem: 'ارسال #{{id}} ({{kind}}، {{receivers}}) در',
    kind: 'نوع ارسال مجدد', direct: 'عادی (همه با هم)', gradual: 'تدریجی',
    stepCount: 'تعداد در هر مرحله', intervalMinutes: 'فاصله مراحل (دقیقه)',
    gradualHint: 'ارسال تدریجی دست‌کم به {{min}} گیرنده نیاز دارد؛ هر {{minutes}} دقیقه {{count}} گیرنده. هزینه همه گیرندگان هنگام ثبت نگه داشته می‌شود و مراحل لغوشده برگردانده می‌شوند.',
    gradualTooFew: 'ارسال تدریجی دست‌کم به {{min}} گیرنده نیاز دارد.', atLeastOne: 'باید دست‌کم ۱ باشد.',
    rules: {
      button: 'ارسال مجدد خودکار', title: 'ارسال مجدد خودکار خط {{number}}',
      hint: 'وقتی ارسالی از این خط تمام شد، گیرندگانی که گزارش نهایی‌شان یکی از این وضعیت‌هاست یک بار دیگر با یکی از خط‌های مقصد (به ترتیب) فرستاده می‌شوند؛ هزینه آن مانند یک ارسال تازه است.',
      empty: 'قانونی برای این خط نیست.', statuses: 'وقتی وضعیت تحویل یکی از این‌ها بود', targets: 'دوباره بفرست با خط', add: 'افزودن قانون', delete: 'حذف',
      added: 'قانون ارسال مجدد افزوده شد.', deleted: 'قانون ارسال مجدد حذف شد.', close: 'بستن',
      columns: { statuses: 'وضعیت‌های تحویل', targets: 'خط‌های مقصد', actions: 'عملیات' },
    },
  },
  en: {
    heading: 'Resend', button: 'Resend by delivery status', title: 'Resend send #{{id}}',
    statuses: 'Delivery statuses', line: 'Line', count: '{{n}} receivers will be sent again.', submit: 'Resend', cancel: 'Cancel',
    made: 'Resend #{{id}} created.', resendOf: 'Resent from send', automaticOf: 'Automatically resent from send',
    manual: 'Resend', automatic: 'Automatic resend', receivers: '{{n}} receivers',
    already: 'Receivers of this send were already resent; another resend sends them once more and costs again:',
    alreadyItem: 'Send #{{id}} ({{kind}}, {{receivers}}) at',
    kind: 'Resend as', direct: 'Direct (all at once)', gradual: 'Gradual',
    stepCount: 'Recipients per step', intervalMinutes: 'Interval between steps (minutes)',
    gradualHint: 'Gradual sending needs at least {{min}} recipients; {{count}} recipients every {{minutes}} minutes. The price of every recipient is held when it is made; cancelled steps are given back.',
    gradualTooFew: 'Gradual sending needs at least {{min}} recipients.', atLeastOne: 'Must be at least 1.',
    rules: {
      button: 'Automatic resend', title: 'Automatic resend of line {{number}}',
      hint: 'When a send from this line finishes, receivers whose final report is one of these statuses are sent once more on one of the target lines (in order), priced as a new send.',
      empty: 'No rules for this line.', statuses: 'When the delivery status is one of', targets: 'Send again on line', add: 'Add rule', delete: 'Delete',
      added: 'Resend rule added.', deleted: 'Resend rule deleted.', close: 'Close',
      columns: { statuses: 'Delivery statuses', targets: 'Target lines', actions: 'Actions' },
    },
  },
};
