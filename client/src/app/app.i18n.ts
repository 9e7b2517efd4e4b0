import type { TextResource } from '../shared/i18n/i18n';

export const commonTexts: TextResource = {
  ns: 'common',
  fa: {
    productName: 'پیک',
    tagline: 'پنل پیامک انبوه و هوشمند، روی سرور خودتان',
    common: { error: 'خطا', ok: 'تأیید', cancel: 'انصراف', close: 'بستن', save: 'ذخیره', retry: 'تلاش دوباره', loading: 'در حال بارگذاری…', yes: 'بله', no: 'خیر' },
    errors: {
      code400: 'درخواست نامعتبر', code400Msg: 'درخواست شما با مشکل مواجه شده است.',
      code401: 'عدم دسترسی', code401Msg: 'برای ادامه فرایند ابتدا باید وارد شوید.',
      code403: 'عدم دسترسی', code403Msg: 'کاربر گرامی، شما به این بخش دسترسی ندارید.',
      code404: 'یافت نشد', code404Msg: 'موردی یافت نشد.',
      code405: 'خطا', code405Msg: 'خطا در ارسال',
      code500: 'خطای سرور', code500Msg: 'در ارتباط با سرور مشکلی پیش آمد.',
    },
    messages: {
      timeoutError: 'پاسخی از سرور دریافت نشد؛ دوباره تلاش کنید.',
      noConnection: 'ارتباط با سرور برقرار نیست',
      successfulOperation: 'عملیات موفق',
      failedOperation: 'عملیات ناموفق',
    },
    startup: {
      banner: 'در ارتباط با سرور مشکلی وجود دارد',
      noConnection: 'ارتباط با سرور برقرار نیست. اتصال شبکه را بررسی کنید و دوباره تلاش کنید.',
      serverUpdating: 'سامانه در حال به‌روزرسانی است؛ چند دقیقه دیگر دوباره تلاش کنید.',
      loading: 'در حال آماده‌سازی پنل…',
    },
    notFound: { title: 'متأسفیم، این صفحه را پیدا نکردیم!', back: 'بازگشت به صفحه اصلی' },
    authCallback: { error: 'متأسفانه خطایی رخ داد، لطفاً دوباره وارد شوید.', login: 'ورود' },
    update: { title: 'نسخه جدید آماده است', message: 'نسخه جدیدی از پنل آماده است. برای استفاده، صفحه را تازه کنید.', reload: 'تازه‌سازی' },
    placeholder: { title: 'به‌زودی', message: 'این بخش در نسخه‌های بعدی فعال می‌شود.' },
  },
  en: {
    productName: 'Peyk',
    tagline: 'Self-hosted bulk and smart SMS panel',
    common: { error: 'Error', ok: 'OK', cancel: 'Cancel', close: 'Close', save: 'Save', retry: 'Retry', loading: 'Loading…', yes: 'Yes', no: 'No' },
    errors: {
      code400: 'Invalid request', code400Msg: 'Your request has encountered a problem.',
      code401: 'Inaccessibility', code401Msg: 'To continue the process, you need to log in first.',
      code403: 'Access denied', code403Msg: 'Dear user, you do not have permission to access this section.',
      code404: 'Not found', code404Msg: 'The requested item was not found.',
      code405: 'Error', code405Msg: 'Sending error',
      code500: 'Server error', code500Msg: 'There was a problem communicating with the server.',
    },
    messages: {
      timeoutError: 'The server did not answer in time; please try again.',
      noConnection: 'No connection to server',
      successfulOperation: 'Successful operation',
      failedOperation: 'Failed operation',
    },
    startup: {
      banner: 'There is a problem connecting with the server',
      noConnection: 'No connection to server. Check the network and try again.',
      serverUpdating: 'The system is being updated; please try again in a few minutes.',
      loading: 'Preparing the panel…',
    },
    notFound: { title: 'sorry,we couldn`T find this page !', back: 'Back to the home page' },
    authCallback: { error: 'Oops, there was an error, please try to login again.', login: 'Login' },
    update: { title: 'A new version is ready', message: 'A new version of the panel is ready. Reload to use it.', reload: 'Reload' },
    placeholder: { title: 'Coming soon', message: 'This section arrives in a later version.' },
  },
};
