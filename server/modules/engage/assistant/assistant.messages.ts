import type { MessageCatalogue } from '../../../platform/i18n.js';

export const assistantMessages: MessageCatalogue = {
  'assistant.unknown': {
    fa: 'متأسفم، پاسخ این پرسش را نمی‌دانم. مستندات را ببینید یا با پشتیبانی تماس بگیرید.',
    en: 'Sorry, I do not know the answer to that. See the documentation or contact support.',
  },
  'assistant.support': {
    fa: 'پشتیبانی: با مدیر پنل یا نماینده فروش خود تماس بگیرید.',
    en: 'Support: contact your panel administrator or your reseller.',
  },
  'assistant.questionRequired': { fa: 'پرسش را بنویسید.', en: 'Write the question.' },
  'assistant.answerRequired': { fa: 'پاسخ را بنویسید.', en: 'Write the answer.' },
  'assistant.titleRequired': { fa: 'عنوان ربات را وارد کنید.', en: 'Enter the bot\'s title.' },
  'assistant.tooManyQuestions': {
    fa: 'پرسش‌های شما بیش از حد مجاز است؛ {{seconds}} ثانیه دیگر دوباره بپرسید.',
    en: 'You have asked too many questions; ask again in {{seconds}} seconds.',
  },
  'assistant.botNotFound': { fa: 'ربات یافت نشد.', en: 'Bot not found.' },
  'assistant.faqNotFound': { fa: 'پرسش متداول یافت نشد.', en: 'FAQ entry not found.' },
  'assistant.helpPageNotFound': { fa: 'صفحه راهنما یافت نشد.', en: 'Help page not found.' },
  'assistant.botExists': { fa: 'این سازمان از قبل ربات دارد؛ همان را ویرایش کنید.', en: 'This organization already has a bot; edit that one.' },
  'assistant.systemUsesDefaultBot': {
    fa: 'سازمان سامانه از ربات پیش‌فرض نصب استفاده می‌کند؛ همان را ویرایش کنید یا سازمان دیگری را انتخاب کنید.',
    en: 'The system organization uses the installation\'s default bot; edit that one or switch to another organization.',
  },
  'assistant.defaultBotStays': { fa: 'ربات پیش‌فرض نصب حذف نمی‌شود؛ می‌توانید آن را غیرفعال کنید.', en: 'The installation\'s default bot cannot be deleted; you can deactivate it.' },
  'assistant.faqBotFixed': { fa: 'ربات یک پرسش متداول را نمی‌توان تغییر داد.', en: 'An FAQ entry cannot be moved to another bot.' },
};
