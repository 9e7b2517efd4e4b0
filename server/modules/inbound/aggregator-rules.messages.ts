import type { MessageCatalogue } from '../../platform/i18n.js';

export const aggregatorRuleMessages: MessageCatalogue = {
  'inbound.aggregator.notFound': { fa: 'قاعدهٔ تجمیع‌کننده یافت نشد.', en: 'Aggregator rule not found.' },
  'inbound.aggregator.lineNotFound': { fa: 'خط انتخاب‌شده یافت نشد یا مدیریت آن با شما نیست.', en: 'The line was not found or you do not manage it.' },
  'inbound.aggregator.organizationNotFound': { fa: 'سازمان انتخاب‌شده یافت نشد یا زیرمجموعهٔ شما نیست.', en: 'The organization was not found or is not under yours.' },
  'inbound.aggregator.saved': { fa: 'قاعدهٔ تجمیع‌کننده ذخیره شد.', en: 'The aggregator rule was saved.' },
  'inbound.aggregator.deleted': { fa: 'قاعدهٔ تجمیع‌کننده حذف شد.', en: 'The aggregator rule was deleted.' },
  'inbound.pattern.empty': { fa: 'الگو را وارد کنید.', en: 'Enter a pattern.' },
  'inbound.pattern.tooLong': { fa: 'الگو حداکثر ۲۰۰ نویسه است.', en: 'The pattern can have at most 200 characters.' },
  'inbound.pattern.invalid': { fa: 'الگوی عبارت باقاعده نامعتبر است.', en: 'The regular expression is not valid.' },
  'inbound.pattern.slashes': { fa: 'الگو را بدون اسلش (/) در ابتدا و انتها بنویسید.', en: 'Write the pattern without slashes (/) around it.' },
  'inbound.pattern.unsafe': { fa: 'این الگو ممکن است بسیار کند اجرا شود (گروه تکرارشونده درون تکرار، ارجاع به گروه یا نگاه به عقب). الگوی ساده‌تری بنویسید.', en: 'This pattern could run very slowly (a repeated group inside a repetition, a backreference or a lookbehind). Write a simpler one.' },
};
