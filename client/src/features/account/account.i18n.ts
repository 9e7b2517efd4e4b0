import type { TextResource } from '../../shared/i18n/i18n';

export const accountTexts: TextResource = {
  ns: 'account',
  fa: {
    signUp: {
      title: 'ثبت‌نام', link: 'حساب ندارید؟ ثبت‌نام کنید', intro: 'سازمان خود را در پنل {{owner}} ثبت کنید.',
      organizationName: 'نام سازمان', firstName: 'نام', lastName: 'نام خانوادگی', mobile: 'شماره موبایل', mobileHint: 'مانند ۰۹۱۲۱۲۳۴۵۶۷',
      userName: 'نام کاربری', userNameHint: 'حروف انگلیسی، عدد و . _ @ -؛ دست‌کم ۳ نویسه.', password: 'رمز عبور', submit: 'ثبت‌نام',
      approval: 'پس از ثبت‌نام، سازمان شما غیرفعال است تا مدیر {{owner}} آن را بررسی و فعال کند.',
      doneTitle: 'ثبت‌نام انجام شد', done: 'سازمان شما ثبت شد و منتظر فعال‌سازی مدیر {{owner}} است. پس از فعال شدن، با نام کاربری {{userName}} و رمزی که انتخاب کردید از همین نشانی وارد شوید.',
      closed: 'ثبت‌نام روی این نشانی فعال نیست؛ برای ساختن حساب با پشتیبان پنل تماس بگیرید.', toLogin: 'بازگشت به ورود',
    },
    login: {
      title: 'ورود به پنل', userName: 'نام کاربری', password: 'رمز عبور', rememberMe: 'مرا به خاطر بسپار', submit: 'ورود',
      captcha: 'کد امنیتی', captchaImage: 'تصویر کد امنیتی', newCaptcha: 'کد جدید', required: 'این فیلد الزامی است.',
    },
    changePassword: {
      title: 'تغییر رمز عبور', forced: 'برای ادامه، رمز عبور جدیدی انتخاب کنید.', current: 'رمز عبور فعلی', next: 'رمز عبور جدید',
      repeat: 'تکرار رمز عبور جدید', submit: 'تغییر رمز', policy: 'حداقل ۸ کاراکتر، شامل عدد، حرف بزرگ و کوچک انگلیسی و یک کاراکتر ویژه.',
      mismatch: 'رمز عبور و تکرار آن یکسان نیستند!', done: 'رمز عبور تغییر کرد.',
      weak: 'این رمز پذیرفته نمی‌شود: باید حداقل ۸ کاراکتر و شامل عدد، حرف بزرگ و کوچک انگلیسی و یک کاراکتر ویژه باشد.',
    },
    profile: {
      title: 'پروفایل', userName: 'نام کاربری', fullName: 'نام', email: 'ایمیل', mobile: 'موبایل', organization: 'سازمان',
      scope: 'سطح دسترسی', lastLogin: 'آخرین ورود', lastLoginIp: 'IP آخرین ورود', changePassword: 'تغییر رمز عبور',
      scopes: { superAdmin: 'مدیر سیستم', reseller: 'نماینده', organization: 'مدیر سازمان', user: 'کاربر' },
    },
    sessions: {
      title: 'نشست‌های فعال', createdAt: 'شروع', lastRefreshedAt: 'آخرین تمدید', ip: 'IP', userAgent: 'مرورگر', current: 'همین نشست',
      revoke: 'پایان نشست', empty: 'نشست فعالی نیست.',
    },
    history: {
      title: 'تاریخچه ورود', at: 'زمان', ip: 'IP', userAgent: 'مرورگر', result: 'نتیجه', empty: 'ورودی ثبت نشده است.',
      // What identity/auth.service.ts records for a sign-in.
      results: {
        Success: 'ورود موفق', WrongPassword: 'رمز عبور نادرست', UnknownUser: 'نام کاربری ناشناخته', Locked: 'حساب موقتاً قفل است',
        CaptchaRequired: 'کد امنیتی لازم بود', InvalidCaptcha: 'کد امنیتی نادرست', Inactive: 'کاربر غیرفعال', Suspended: 'کاربر مسدود',
        Expired: 'حساب منقضی شده', OrganizationExpired: 'اعتبار سازمان تمام شده', OrganizationInactive: 'سازمان غیرفعال', OtherDomain: 'ورود از دامنه نماینده دیگر', other: 'ورود ناموفق',
      },
    },
    brand: {
      logo: 'نشان {{name}}', loginImage: 'تصویر صفحه ورود {{index}} از {{count}}', previousImage: 'تصویر قبلی', nextImage: 'تصویر بعدی',
      resellerLink: 'وب‌سایت {{name}}', enamad: 'نماد اعتماد الکترونیکی',
    },
    dashboard: { title: 'داشبورد', organization: 'سازمان', balance: 'موجودی', lastLogin: 'آخرین ورود', lastLoginIp: 'IP آخرین ورود', welcome: 'خوش آمدید، {{name}}' },
    paging: { previous: 'قبلی', next: 'بعدی', page: 'صفحه {{page}} از {{pages}}' },
  },
  en: {
    signUp: {
      title: 'Sign up', link: 'No account? Sign up', intro: 'Register your organization on {{owner}}\'s panel.',
      organizationName: 'Organization name', firstName: 'First name', lastName: 'Last name', mobile: 'Mobile number', mobileHint: 'For example 09121234567',
      userName: 'User name', userNameHint: 'English letters, digits and . _ @ -; at least 3 characters.', password: 'Password', submit: 'Sign up',
      approval: 'After signing up your organization stays inactive until {{owner}}\'s administrator checks and activates it.',
      doneTitle: 'Signed up', done: 'Your organization is registered and awaits activation by {{owner}}\'s administrator. Once it is active, sign in here with the user name {{userName}} and the password you chose.',
      closed: 'Sign-up is not open on this address; ask the panel\'s support to create an account.', toLogin: 'Back to sign-in',
    },
    login: {
      title: 'Sign in to the panel', userName: 'User name', password: 'Password', rememberMe: 'Remember me', submit: 'Sign in',
      captcha: 'Security code', captchaImage: 'Security code picture', newCaptcha: 'New code', required: 'This field is required.',
    },
    changePassword: {
      title: 'Change password', forced: 'Choose a new password to continue.', current: 'Current password', next: 'New password',
      repeat: 'Repeat the new password', submit: 'Change password', policy: 'At least 8 characters with a digit, an upper- and a lower-case English letter and a special character.',
      mismatch: 'Password and repassword doesnt match!', done: 'Your password was changed.',
      weak: 'This password is refused: it needs at least 8 characters with a digit, an upper- and a lower-case English letter and a special character.',
    },
    profile: {
      title: 'Profile', userName: 'User name', fullName: 'Name', email: 'Email', mobile: 'Mobile', organization: 'Organization',
      scope: 'Access level', lastLogin: 'Last login', lastLoginIp: 'Last login IP', changePassword: 'Change password',
      scopes: { superAdmin: 'System administrator', reseller: 'Reseller', organization: 'Organization administrator', user: 'User' },
    },
    sessions: {
      title: 'Active sessions', createdAt: 'Started', lastRefreshedAt: 'Last renewed', ip: 'IP', userAgent: 'Browser', current: 'This session',
      revoke: 'End session', empty: 'No active sessions.',
    },
    history: {
      title: 'Login history', at: 'Time', ip: 'IP', userAgent: 'Browser', result: 'Result', empty: 'No logins recorded.',
      results: {
        Success: 'Signed in', WrongPassword: 'Wrong password', UnknownUser: 'Unknown user name', Locked: 'Account locked for a while',
        CaptchaRequired: 'Security code was required', InvalidCaptcha: 'Wrong security code', Inactive: 'User inactive', Suspended: 'User suspended',
        Expired: 'Account expired', OrganizationExpired: 'Organization expired', OrganizationInactive: 'Organization inactive', OtherDomain: "On another reseller's domain", other: 'Sign-in refused',
      },
    },
    brand: {
      logo: '{{name}} logo', loginImage: 'Login image {{index}} of {{count}}', previousImage: 'Previous image', nextImage: 'Next image',
      resellerLink: '{{name}} website', enamad: 'E-commerce trust badge (Enamad)',
    },
    dashboard: { title: 'Dashboard', organization: 'Organization', balance: 'Balance', lastLogin: 'Last login', lastLoginIp: 'Last login IP', welcome: 'Welcome, {{name}}' },
    paging: { previous: 'Previous', next: 'Next', page: 'Page {{page}} of {{pages}}' },
  },
};
