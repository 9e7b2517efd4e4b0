import type { MessageCatalogue } from '../../platform/i18n.js';

export const otpFormatMessages: MessageCatalogue = {
  'developer.otpFormatNotFound': { fa: 'الگوی رمز یکبار مصرف یافت نشد.', en: 'OTP format not found.' },
  'developer.otpDecideForbidden': { fa: 'تأیید یا رد الگوی رمز یکبار مصرف فقط با مدیر است.', en: 'Only an administrator can confirm or reject OTP formats.' },
  'developer.otpFormatNotConfirmed': { fa: 'این الگو هنوز تأیید نشده است و با آن نمی‌توان ارسال کرد.', en: 'This format is not confirmed yet; it cannot be used to send.' },
  'developer.otpTextUnmatchedOpen': { fa: 'آکولاد باز در نویسه {{position}} بسته نشده است. برای آکولاد معمولی {{ بنویسید.', en: 'The opening brace at character {{position}} is not closed. Write {{ for a literal brace.' },
  'developer.otpTextUnmatchedClose': { fa: 'آکولاد بسته در نویسه {{position}} جفت ندارد. برای آکولاد معمولی }} بنویسید.', en: 'The closing brace at character {{position}} has no opening brace. Write }} for a literal brace.' },
  'developer.otpTextBadPlaceholder': { fa: '«{{text}}» متغیر درستی نیست؛ متغیرها شماره‌اند: {0}، {1}، …', en: '"{{text}}" is not a valid placeholder; placeholders are numbers: {0}, {1}, …' },
  'developer.otpTextTooMany': { fa: 'حداکثر {{limit}} متغیر ({0} تا {{last}}) مجاز است.', en: 'At most {{limit}} placeholders ({0} to {{last}}) are allowed.' },
  'developer.otpTextMissing': { fa: 'متغیرها باید از {0} و بدون جاافتادگی شماره بخورند؛ {{placeholder}} در متن نیست.', en: 'Placeholders must be numbered from {0} without gaps; {{placeholder}} is missing.' },
  'developer.otpTextNoPlaceholder': { fa: 'متن الگو دست‌کم یک متغیر مانند {0} لازم دارد.', en: 'The format text needs at least one placeholder such as {0}.' },
  'developer.otpTextForbidden': { fa: 'متن الگو نویسه‌های غیرمجاز دارد: {{chars}}', en: 'The format text contains forbidden characters: {{chars}}' },
  'developer.otpParameterCount': { fa: 'این الگو {{expected}} پارامتر می‌خواهد اما {{actual}} پارامتر فرستاده شد.', en: 'This format needs {{expected}} parameters but {{actual}} were sent.' },
  'developer.otpParameterEmpty': { fa: 'پارامتر شماره {{index}} خالی است.', en: 'Parameter {{index}} is empty.' },
  'developer.otpParameterTooLong': { fa: 'پارامتر شماره {{index}} بیش از {{limit}} نویسه است.', en: 'Parameter {{index}} is longer than {{limit}} characters.' },
  'developer.otpParameterControl': { fa: 'پارامتر شماره {{index}} نویسه کنترلی (مانند خط جدید) دارد؛ فقط متن ساده مجاز است.', en: 'Parameter {{index}} contains a control character (such as a line break); only plain text is allowed.' },
};
