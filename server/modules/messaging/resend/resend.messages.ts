import type { MessageCatalogue } from '../../../platform/i18n.js';

export const resendMessages: MessageCatalogue = {
  'messaging.resendNeedsStatus': { fa: 'برای ارسال مجدد بر اساس وضعیت تحویل، دست‌کم یک وضعیت تحویل انتخاب کنید.', en: 'Resend by delivery status requires at least one delivery status.' },
  'messaging.resendNeedsTarget': { fa: 'دست‌کم یک خط مقصد برای ارسال مجدد انتخاب کنید.', en: 'Choose at least one line to resend on.' },
  'messaging.resendTargetIsSource': { fa: 'خط مقصد نمی‌تواند همان خط ارسال باشد.', en: 'A target line cannot be the line itself.' },
  'messaging.resendLineNotUsable': { fa: 'شما اجازه ارسال از این خط را ندارید.', en: 'You cannot send from this line.' },
  'messaging.resendRuleNotFound': { fa: 'قانون ارسال مجدد یافت نشد.', en: 'Resend rule not found.' },
  'messaging.resendDynamic': { fa: 'پیام پویا (متن جداگانه برای هر گیرنده) با ارسال مجدد بر اساس وضعیت تحویل فرستاده نمی‌شود.', en: 'A dynamic send (its own text per receiver) cannot be resent by delivery status.' },
  'messaging.resendVoice': { fa: 'پیام صوتی با ارسال مجدد بر اساس وضعیت تحویل فرستاده نمی‌شود.', en: 'A voice send cannot be resent by delivery status.' },
};
