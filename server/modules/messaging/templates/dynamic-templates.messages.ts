import type { MessageCatalogue } from '../../../platform/i18n.js';

export const dynamicTemplateMessages: MessageCatalogue = {
  'messaging.templateNotFound': { fa: 'قالب پویا یافت نشد.', en: 'Dynamic template not found.' },
  'messaging.templateTitleRequired': { fa: 'عنوان قالب را وارد کنید.', en: 'Enter the template title.' },
  'messaging.templateTextRequired': { fa: 'متن قالب را وارد کنید.', en: 'Enter the template text.' },
  'messaging.templateUnknownField': { fa: 'مخاطبان سازمان شما این فیلدها را ندارند: {{fields}}', en: 'Your organization\'s contacts have no such fields: {{fields}}' },
};
