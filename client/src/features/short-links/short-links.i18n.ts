import type { TextResource } from '../../shared/i18n/i18n';

export const shortLinksTexts: TextResource = {
  ns: 'shortLinks',
  fa: {
    menu: { shortLinks: 'لینک‌های کوتاه' },
    common: { save: 'ساخت لینک', cancel: 'انصراف', delete: 'حذف', back: 'بازگشت به لینک‌های کوتاه', copy: 'رونوشت', copied: 'نشانی کوتاه رونوشت شد.', required: 'این فیلد الزامی است.' },
    list: {
      title: 'لینک‌های کوتاه', create: 'لینک کوتاه جدید', empty: 'هنوز لینک کوتاهی ندارید',
      emptyHint: 'لینکی بسازید و نشانی کوتاه آن را در متن پیامک بگذارید، یا در فرم ارسال «کوتاه‌کردن لینک‌ها» را انتخاب کنید تا لینک‌های متن خودکار کوتاه شوند و کلیک‌ها شمرده شوند.',
      columns: { shortUrl: 'نشانی کوتاه', mainUrl: 'نشانی اصلی', title: 'عنوان', origin: 'منبع', clicks: 'کلیک‌ها', createdAt: 'ساخته‌شده', actions: 'عملیات' },
      byHand: 'دستی', ofSend: 'ارسال #{{id}}',
      deleteTitle: 'حذف لینک کوتاه', deleteMessage: 'لینک {{code}} حذف شود؟ از این پس باز نمی‌شود؛ کلیک‌های شمرده‌شده می‌مانند.', deleted: 'لینک حذف شد.', created: 'لینک کوتاه ساخته شد.',
    },
    form: { title: 'لینک کوتاه جدید', mainUrl: 'نشانی اصلی', mainUrlHint: 'نشانی کامل، مثلاً https://example.com/offer', name: 'عنوان (اختیاری)' },
    detail: {
      title: 'لینک {{code}}', notFound: 'لینک کوتاه یافت نشد.', total: 'کل کلیک‌ها', receivers: 'گیرندگان یکتا', byDevice: 'بر اساس دستگاه', byDay: 'بر اساس روز',
      noClicks: 'هنوز کلیکی نشده است.', day: 'روز', clicks: 'کلیک', device: 'دستگاه', pending: 'کلیک‌ها چند لحظه پس از باز شدن لینک شمرده می‌شوند.',
    },
    devices: { Mobile: 'تلفن همراه', Tablet: 'تبلت', Desktop: 'رایانه', Bot: 'ربات یا پیش‌نمایش', Other: 'دیگر' },
    urlTypes: { Public: 'عمومی', Personal: 'شخصی' },
    send: {
      title: 'کلیک‌های لینک‌های این ارسال', personalLinks: 'لینک شخصی', total: 'کل کلیک‌ها', receivers: 'گیرندگان یکتا',
      empty: 'هنوز کسی روی لینک‌های این ارسال کلیک نکرده است.',
      columns: { receiver: 'گیرنده', clickedAt: 'زمان', device: 'دستگاه', link: 'لینک' }, everyone: 'همه (لینک ارسال)',
    },
    mode: {
      label: 'کوتاه‌کردن لینک‌های متن', None: 'بدون کوتاه‌کردن', PerSend: 'یک لینک کوتاه برای این ارسال', PerReceiver: 'لینک شخصی برای هر گیرنده',
      hint: 'لینک کوتاه با نشانی همین سامانه ساخته می‌شود و کلیک‌ها شمرده می‌شوند؛ لینک شخصی نشان می‌دهد چه کسی کلیک کرده است. شمارنده بالا متن تایپ‌شده را می‌شمارد؛ پیش‌نمایش تعداد بخش‌ها و مبلغ را با لینک‌های کوتاه نشان می‌دهد.',
      notPeriodic: 'کوتاه‌کردن لینک برای ارسال دوره‌ای در دسترس نیست.',
    },
    dashboard: { title: 'کلیک لینک‌های کوتاه', today: 'امروز: {{clicks}} کلیک از {{receivers}} گیرنده', month: '۳۰ روز اخیر: {{clicks}} کلیک' },
  },
  en: {
    menu: { shortLinks: 'Short links' },
    common: { save: 'Create link', cancel: 'Cancel', delete: 'Delete', back: 'Back to short links', copy: 'Copy', copied: 'Short address copied.', required: 'This field is required.' },
    list: {
      title: 'Short links', create: 'New short link', empty: 'No short links yet',
      emptyHint: 'Make a link and put its short address in a message, or choose "Shorten links" on a send form so the text\'s links are shortened and their clicks counted.',
      columns: { shortUrl: 'Short address', mainUrl: 'Main address', title: 'Title', origin: 'Origin', clicks: 'Clicks', createdAt: 'Created', actions: 'Actions' },
      byHand: 'By hand', ofSend: 'Send #{{id}}',
      deleteTitle: 'Delete short link', deleteMessage: 'Delete the link {{code}}? It stops opening; the clicks counted stay.', deleted: 'Link deleted.', created: 'Short link created.',
    },
    form: { title: 'New short link', mainUrl: 'Main address', mainUrlHint: 'A full address, for example https://example.com/offer', name: 'Title (optional)' },
    detail: {
      title: 'Link {{code}}', notFound: 'Short link not found.', total: 'Total clicks', receivers: 'Unique receivers', byDevice: 'By device', byDay: 'By day',
      noClicks: 'No clicks yet.', day: 'Day', clicks: 'Clicks', device: 'Device', pending: 'Clicks are counted a moment after the link is opened.',
    },
    devices: { Mobile: 'Mobile', Tablet: 'Tablet', Desktop: 'Desktop', Bot: 'Bot or preview', Other: 'Other' },
    urlTypes: { Public: 'Public', Personal: 'Personal' },
    send: {
      title: 'Clicks on this send\'s links', personalLinks: 'Personal links', total: 'Total clicks', receivers: 'Unique receivers',
      empty: 'Nobody has clicked this send\'s links yet.',
      columns: { receiver: 'Receiver', clickedAt: 'Time', device: 'Device', link: 'Link' }, everyone: 'Everyone (the send\'s link)',
    },
    mode: {
      label: 'Shorten the text\'s links', None: 'Do not shorten', PerSend: 'One short link for this send', PerReceiver: 'A personal link per receiver',
      hint: 'Short links use this panel\'s own address and their clicks are counted; a personal link shows who clicked. The counter above counts the text as typed; the preview shows parts and price with the short links.',
      notPeriodic: 'Short links are not available for periodic sends.',
    },
    dashboard: { title: 'Short link clicks', today: 'Today: {{clicks}} clicks by {{receivers}} receivers', month: 'Last 30 days: {{clicks}} clicks' },
  },
};
