import type { TextResource } from '../../shared/i18n/i18n';

/** Texts shared by the administration screens (forms, tables, dialogs, paging). */
export const adminCommonTexts: TextResource = {
  ns: 'adminCommon',
  fa: {
    actions: {
      create: 'ایجاد', edit: 'ویرایش', delete: 'حذف', save: 'ذخیره', cancel: 'انصراف', close: 'بستن', confirm: 'تأیید',
      search: 'جستجو', clear: 'پاک کردن', back: 'بازگشت', actions: 'عملیات', refresh: 'تازه‌سازی',
    },
    search: { label: 'جستجو', placeholder: 'حداقل ۳ کاراکتر', minLength: 'برای جستجو حداقل ۳ کاراکتر وارد کنید.' },
    paging: { previous: 'قبلی', next: 'بعدی', page: 'صفحه {{page}} از {{pages}}', total: 'تعداد کل: {{count}}', pageSize: 'تعداد در صفحه' },
    table: { empty: 'موردی یافت نشد.', loading: 'در حال بارگذاری…' },
    form: { required: 'این فیلد الزامی است.', invalidNumber: 'عدد معتبر وارد کنید.', invalidTime: 'زمان را به شکل ساعت:دقیقه وارد کنید، مثلاً ۸:۰۰ یا ۲۱:۳۰.', fixErrors: 'لطفاً خطاهای فرم را برطرف کنید.' },
    yes: 'بله', no: 'خیر', none: '—', saved: 'با موفقیت ذخیره شد.', done: 'عملیات با موفقیت انجام شد.',
    confirmDelete: { title: 'تأیید حذف', message: 'آیا از حذف «{{name}}» اطمینان دارید؟' },
    confirmationNumber: {
      title: 'تأیید با کد',
      message: 'این عملیات دسترسی یا داده‌ها را حذف می‌کند. برای ادامه، عدد زیر را وارد کنید.',
      numberLabel: 'عدد تأیید',
      inputLabel: 'عدد را وارد کنید',
      wrong: 'عدد واردشده درست نبود؛ عدد جدید را وارد کنید.',
      required: 'عدد تأیید را وارد کنید.',
    },
  },
  en: {
    actions: {
      create: 'Create', edit: 'Edit', delete: 'Delete', save: 'Save', cancel: 'Cancel', close: 'Close', confirm: 'Confirm',
      search: 'Search', clear: 'Clear', back: 'Back', actions: 'Actions', refresh: 'Refresh',
    },
    search: { label: 'Search', placeholder: 'At least 3 characters', minLength: 'Search needs at least 3 characters.' },
    paging: { previous: 'Previous', next: 'Next', page: 'Page {{page}} of {{pages}}', total: 'Total: {{count}}', pageSize: 'Rows per page' },
    table: { empty: 'Nothing found.', loading: 'Loading…' },
    form: { required: 'This field is required.', invalidNumber: 'Enter a valid number.', invalidTime: 'Enter the time as hours:minutes, like 8:00 or 21:30.', fixErrors: 'Please fix the errors in the form.' },
    yes: 'Yes', no: 'No', none: '—', saved: 'Saved successfully.', done: 'Done successfully.',
    confirmDelete: { title: 'Confirm deletion', message: 'Are you sure you want to delete "{{name}}"?' },
    confirmationNumber: {
      title: 'Confirm with a number',
      message: 'This operation removes access or data. To continue, type the number below.',
      numberLabel: 'Confirmation number',
      inputLabel: 'Type the number',
      wrong: 'The number was not right; type the new number.',
      required: 'Type the confirmation number.',
    },
  },
};
