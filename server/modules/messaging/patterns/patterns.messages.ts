import type { MessageCatalogue } from '../../../platform/i18n.js';

export const patternMessages: MessageCatalogue = {
  'messaging.patternNotFound': { fa: 'الگوی پیام یافت نشد.', en: 'Pattern not found.' },
  'messaging.patternTextRequired': { fa: 'متن الگو را وارد کنید یا یک قالب پویا انتخاب کنید.', en: 'Enter the pattern text or choose a dynamic template.' },
  'messaging.patternTitleRequired': { fa: 'عنوان الگو را وارد کنید.', en: 'Enter the pattern title.' },
  'messaging.patternUnknownField': { fa: 'مخاطبان سازمان شما این فیلدها را ندارند: {{fields}}', en: 'Your organization\'s contacts have no such fields: {{fields}}' },
  'messaging.patternDecideForbidden': { fa: 'تأیید یا رد الگوی پیام فقط با مدیر است.', en: 'Only an administrator can confirm or reject patterns.' },
  'messaging.patternNotConfirmed': { fa: 'این الگو هنوز تأیید نشده است و با آن نمی‌توان ارسال کرد.', en: 'This pattern is not confirmed yet; it cannot be used to send.' },
};
