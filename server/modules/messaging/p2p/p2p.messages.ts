import type { MessageCatalogue } from '../../../platform/i18n.js';

/** The P2P file send's messages (the spec's Excel rules, the template, the duplicate warning). */
export const p2pMessages: MessageCatalogue = {
  'messaging.p2pFileEmpty': { fa: 'فایل خالی است.', en: 'The file is empty.' },
  'messaging.p2pSheetName': {
    fa: 'نام برگه اکسل باید Sheet1 باشد (نام برگه فایل: «{{name}}»).',
    en: 'The Excel sheet must be named Sheet1 (the file\'s sheet is named "{{name}}").',
  },
  'messaging.p2pTitlesMissing': {
    fa: 'سطر اول فایل خوانده نمی‌شود و باید عنوان ستون‌ها به انگلیسی و بدون فاصله باشد؛ سطر اول این فایل شماره موبایل است.',
    en: 'The first row is not read: it must hold the column titles in English without spaces; this file\'s first row is a mobile number.',
  },
  'messaging.p2pFirstTitleEmpty': { fa: 'عنوان ستون اول (شماره موبایل) خالی است.', en: 'The first column\'s title (the mobile number) is empty.' },
  'messaging.p2pTitleEmpty': { fa: 'عنوان ستون {{column}} خالی است.', en: 'Column {{column}} has no title.' },
  'messaging.p2pTitleSpaces': { fa: 'عنوان ستون «{{title}}» فاصله دارد؛ عنوان‌ها باید بدون فاصله باشند.', en: 'The column title "{{title}}" has spaces; titles must have no spaces.' },
  'messaging.p2pTitleNotEnglish': {
    fa: 'عنوان ستون «{{title}}» باید متن انگلیسی باشد (حروف و رقم انگلیسی و _، با حرف شروع شود).',
    en: 'The column title "{{title}}" must be English text (English letters, digits and _, starting with a letter).',
  },
  'messaging.p2pTitleRepeated': { fa: 'عنوان ستون «{{title}}» تکراری است.', en: 'The column title "{{title}}" is repeated.' },
  'messaging.p2pMobileFirstColumn': { fa: 'شماره‌های موبایل فقط باید در ستون اول باشند.', en: 'Mobile numbers must be in the first column only.' },
  'messaging.p2pTextColumnMissing': {
    fa: 'متن هر گیرنده باید در ستون دوم فایل باشد، یا یک الگو با نام ستون‌ها وارد کنید.',
    en: 'Put each recipient\'s text in the file\'s second column, or enter a template using the column titles.',
  },
  'messaging.p2pRowTextEmpty': { fa: 'متن پیامک سطر {{row}} خالی است.', en: 'The SMS text of row {{row}} is empty.' },
  'messaging.p2pUnknownColumn': { fa: 'این ستون‌ها در فایل وجود ندارند: {{fields}}', en: 'The file has no such columns: {{fields}}' },
  'messaging.p2pTemplateRequired': { fa: 'متن الگو را با {{column}} وارد کنید.', en: 'Enter the template text with {{column}}.' },
  'messaging.p2pTrackingPlaceholder': { fa: 'الگوی ارسال کد رهگیری باید {{column}} را داشته باشد.', en: 'A tracking number template must contain {{column}}.' },
  'messaging.p2pTrackingColumnMissing': { fa: 'فایل ستونی با عنوان {{column}} ندارد.', en: 'The file has no column titled {{column}}.' },
  'messaging.p2pTrackingNumberEmpty': { fa: 'کد رهگیری سطر {{row}} خالی است.', en: 'The tracking number of row {{row}} is empty.' },
  'messaging.p2pDuplicatesKept': {
    fa: 'شماره‌های تکراری فایل حذف نمی‌شوند: هر سطر جداگانه ارسال و محاسبه می‌شود.',
    en: 'Duplicate numbers in the file are not removed: each row is sent and charged separately.',
  },
  'messaging.p2pTemplateText1': { fa: 'علی عزیز، سفارش شما ارسال شد.', en: 'Dear Ali, your order has shipped.' },
  'messaging.p2pTemplateText2': { fa: 'سارا عزیز، نوبت شما فردا ساعت ۱۰ است.', en: 'Dear Sara, your appointment is tomorrow at 10.' },
  'messaging.p2pTemplateName1': { fa: 'علی', en: 'Ali' },
  'messaging.p2pTemplateName2': { fa: 'سارا', en: 'Sara' },
  'messaging.editP2PText': { fa: 'متن ارسال نظیر به نظیر را نمی‌توان ویرایش کرد؛ هر گیرنده متن خود را دارد.', en: 'The text of a P2P send cannot be edited; each recipient has its own text.' },
  'messaging.resendP2P': { fa: 'ارسال نظیر به نظیر (متن جداگانه برای هر گیرنده) با ارسال مجدد بر اساس وضعیت تحویل فرستاده نمی‌شود.', en: 'A P2P send (its own text per receiver) cannot be resent by delivery status.' },
};
