import type { TextResource } from '../../shared/i18n/i18n';

/** The dashboard's first-run checklist and its test message (the rest of the dashboard uses the account namespace). */
export const dashboardTexts: TextResource = {
  ns: 'dashboard',
  fa: {
    firstRun: {
      title: 'راه‌اندازی سامانه',
      intro: 'این گام‌ها سامانه را برای نخستین ارسال مشتریان آماده می‌کنند.',
      progress: '{{done}} از {{total}} گام انجام شده',
      done: 'انجام شده', todo: 'انجام نشده',
      dismiss: 'بستن فهرست راه‌اندازی',
      sendTest: 'ارسال پیامک آزمایشی',
      viewSent: 'مشاهده در صندوق ارسال',
      steps: {
        senderAgent: { title: 'درگاه ارسال (یا شبیه‌ساز)', hint: 'دست‌کم یک ارسال‌کننده فعال که پیامک را به اپراتور برساند.' },
        tariff: { title: 'تعریف تعرفه', hint: 'نرخ هر پیامک برای مشتریان؛ هر سازمان زنجیره به تعرفه نیاز دارد.' },
        customer: { title: 'ساخت نخستین سازمان مشتری', hint: 'نماینده یا سازمانی که از پنل پیامک می‌فرستد.' },
        credit: { title: 'شارژ اعتبار', hint: 'اعتبار سازمان مشتری‌ای را که ساختید افزایش دهید.' },
        testMessage: { title: 'ارسال پیامک آزمایشی', hint: 'از سازمان اصلی به یک شماره، تا مطمئن شوید ارسال کار می‌کند.' },
      },
    },
    testMessage: {
      title: 'ارسال پیامک آزمایشی',
      intro: 'از سازمان اصلی و از مسیر عادی ارسال تکی فرستاده می‌شود؛ سازمان اصلی هزینه‌ای نمی‌پردازد.',
      line: 'خط ارسال', noLines: 'سازمان اصلی خط فعالی برای ارسال تکی ندارد؛ ابتدا یک خط بسازید.',
      mobile: 'شماره موبایل', text: 'متن پیامک', defaultText: 'پیامک آزمایشی پیک',
      send: 'ارسال', cancel: 'انصراف', required: 'این فیلد الزامی است.',
      sent: 'پیامک آزمایشی ثبت شد؛ وضعیت آن در صندوق ارسال دیده می‌شود.',
    },
  },
  en: {
    firstRun: {
      title: 'Setting up',
      intro: 'These steps make the panel ready for your customers’ first sends.',
      progress: '{{done}} of {{total}} steps done',
      done: 'Done', todo: 'Not done yet',
      dismiss: 'Dismiss the setup list',
      sendTest: 'Send a test message',
      viewSent: 'View it in the outbox',
      steps: {
        senderAgent: { title: 'Sending gateway (or the simulator)', hint: 'At least one active sender agent that hands messages to an operator.' },
        tariff: { title: 'Define a tariff', hint: 'The price per SMS for customers; every organization of a chain needs one.' },
        customer: { title: 'Create the first customer organization', hint: 'A reseller or organization that sends from the panel.' },
        credit: { title: 'Charge credit', hint: 'Give the customer organization you created credit.' },
        testMessage: { title: 'Send a test message', hint: 'From the root organization to one number, to see that sending works.' },
      },
    },
    testMessage: {
      title: 'Send a test message',
      intro: 'Sent from the root organization through the normal single send; the root organization pays nothing.',
      line: 'Sender line', noLines: 'The root organization has no active line for single sends; create one first.',
      mobile: 'Mobile number', text: 'SMS text', defaultText: 'Peyk test message',
      send: 'Send', cancel: 'Cancel', required: 'This field is required.',
      sent: 'The test message was registered; the outbox shows how it goes.',
    },
  },
};
