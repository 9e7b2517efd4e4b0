import type { TextResource } from '../../shared/i18n/i18n';

export const newsTexts: TextResource = {
  ns: 'news',
  fa: {
    menu: { news: 'اخبار و اطلاعیه‌ها', manage: 'مدیریت اخبار' },
    common: { save: 'ذخیره', cancel: 'انصراف', delete: 'حذف', edit: 'ویرایش', required: 'این فیلد الزامی است.', formInvalid: 'فرم کامل نیست؛ موارد مشخص‌شده را اصلاح کنید.', back: 'بازگشت به مدیریت اخبار' },
    reader: {
      title: 'اخبار و اطلاعیه‌ها', empty: 'فعلاً خبری برای شما نیست.', mustRead: 'مطالعه الزامی', acknowledged: 'خوانده‌شده', from: 'از {{organization}}',
      latest: 'آخرین اخبار', all: 'همه اخبار', loading: 'در حال دریافت اخبار…',
    },
    dialog: {
      title: 'خبر مهم: {{title}}', intro: 'پیش از ادامه کار با پنل، این خبر را بخوانید.', acknowledge: 'خواندم',
      remaining: '{{count}} خبر دیگر هم باید خوانده شود.', failed: 'ثبت مطالعه انجام نشد؛ دوباره تلاش کنید.',
    },
    list: {
      title: 'مدیریت اخبار', create: 'خبر جدید', empty: 'هنوز خبری ننوشته‌اید',
      emptyHint: 'خبری برای سازمان خود یا همه زیرسازمان‌هایش بنویسید؛ در بازه نمایش روی داشبورد کاربران دیده می‌شود.',
      columns: { title: 'عنوان', organization: 'سازمان', period: 'بازه نمایش', audience: 'مخاطبان', mustRead: 'مطالعه الزامی', actions: 'عملیات' },
      ownOnly: 'فقط همین سازمان', withSubs: 'همراه همه زیرسازمان‌ها', yes: 'بله', no: 'خیر',
      deleteTitle: 'حذف خبر', deleteMessage: 'خبر «{{title}}» حذف شود؟', deleted: 'خبر حذف شد.', saved: 'خبر ذخیره شد.',
    },
    form: {
      createTitle: 'خبر جدید', editTitle: 'ویرایش خبر', title: 'عنوان', text: 'متن خبر',
      startDate: 'تاریخ شروع نمایش', endDate: 'تاریخ پایان نمایش', windowHint: 'خبر از تاریخ شروع تا پایان به کاربران نشان داده می‌شود.',
      displayForAllSubOrganizations: 'نمایش برای همه زیرسازمان‌ها', displayForAllSubOrganizationsHint: 'بدون این گزینه فقط کاربران سازمان «{{organization}}» خبر را می‌بینند.',
      isRequiredToSeen: 'مطالعه الزامی', isRequiredToSeenHint: 'پنل هر کاربر تا تأیید مطالعه این خبر با یک پیام بسته می‌ماند؛ هر کاربر فقط یک بار.',
      customerDomainName: 'دامنه مشتری (اختیاری)', customerDomainNameHint: 'اگر پر شود، این خبر فقط به کسانی نشان داده می‌شود که پنل را با همین دامنه باز کرده‌اند.',
    },
  },
  en: {
    menu: { news: 'News', manage: 'Manage news' },
    common: { save: 'Save', cancel: 'Cancel', delete: 'Delete', edit: 'Edit', required: 'This field is required.', formInvalid: 'The form is not complete; correct the marked fields.', back: 'Back to news management' },
    reader: {
      title: 'News', empty: 'There is no news for you at the moment.', mustRead: 'Must read', acknowledged: 'Read', from: 'From {{organization}}',
      latest: 'Latest news', all: 'All news', loading: 'Loading news…',
    },
    dialog: {
      title: 'Important news: {{title}}', intro: 'Read this news before you go on using the panel.', acknowledge: 'I have read it',
      remaining: '{{count}} more news to read.', failed: 'Your reading was not recorded; try again.',
    },
    list: {
      title: 'Manage news', create: 'New news', empty: 'You have not written any news yet',
      emptyHint: 'Write news for your organization or for every organization below it; users see it on their dashboard during its window.',
      columns: { title: 'Title', organization: 'Organization', period: 'Shown', audience: 'Audience', mustRead: 'Must read', actions: 'Actions' },
      ownOnly: 'This organization only', withSubs: 'With every sub-organization', yes: 'Yes', no: 'No',
      deleteTitle: 'Delete news', deleteMessage: 'Delete the news "{{title}}"?', deleted: 'The news was deleted.', saved: 'The news was saved.',
    },
    form: {
      createTitle: 'New news', editTitle: 'Edit news', title: 'Title', text: 'Text',
      startDate: 'Show from', endDate: 'Show until', windowHint: 'Users see the news from its start date until its end date.',
      displayForAllSubOrganizations: 'Show to every sub-organization', displayForAllSubOrganizationsHint: 'Without it only the users of "{{organization}}" see the news.',
      isRequiredToSeen: 'Must be read', isRequiredToSeenHint: 'Each user\'s panel is held by a dialog until they confirm reading it; once per user.',
      customerDomainName: 'Customer domain (optional)', customerDomainNameHint: 'When set, only readers who opened the panel at this domain see the news.',
    },
  },
};
