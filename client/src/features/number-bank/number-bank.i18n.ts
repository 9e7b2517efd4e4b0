import type { TextResource } from '../../shared/i18n/i18n';

export const numberBankTexts: TextResource = {
  ns: 'numberBank',
  fa: {
    menu: 'بانک شماره',
    title: 'بانک شماره',
    subtitle: 'ورود شماره‌ها از فایل اکسل یا CSV و تعداد شماره‌های هر منطقه به تفکیک اپراتور',
    import: {
      title: 'ورود فایل', file: 'فایل (xlsx یا CSV)', hint: 'سطر اول عنوان ستون‌هاست: `mobile`، `genderType`، `stateName`، `cityName`، `areaName`، `guildName`، `subGuildName`، `zipCode`، `isBlackList`، `isBlackListLocal`، `mobileOperator`، `simType`. شماره‌های موجود به‌روز می‌شوند.',
      upload: 'بارگذاری و شروع', uploading: 'در حال ارسال فایل: {{n}}٪', chooseFile: 'یک فایل انتخاب کنید.',
    },
    list: {
      title: 'ورودهای اخیر', empty: 'هنوز فایلی وارد نشده است.', fileName: 'فایل', status: 'وضعیت', progress: 'پیشرفت',
      counts: 'افزوده {{added}}، به‌روز {{updated}}، رد شده {{rejected}}', percent: '{{n}}٪ · {{processed}} سطر',
      done: 'ورود «{{name}}» تمام شد.', failed: 'ورود «{{name}}» متوقف شد.',
    },
    status: { Waiting: 'در صف', Extracting: 'در حال ورود', Completed: 'تمام شد', Failed: 'ناموفق' },
    zones: {
      title: 'مناطق و تعداد شماره‌ها', empty: 'هنوز منطقه‌ای ساخته نشده است؛ با ورود فایل ساخته می‌شوند.',
      name: 'منطقه', type: 'نوع', mci: 'همراه اول', mtn: 'ایرانسل', rightel: 'رایتل', other: 'سایر', total: 'جمع',
      types: { Country: 'کشور', Province: 'استان', City: 'شهر', Area: 'منطقه' }, expand: 'باز کردن {{name}}', collapse: 'بستن {{name}}',
      hint: 'فقط شماره‌های خارج از لیست سیاه شمرده می‌شوند.',
    },
  },
  en: {
    menu: 'Number bank',
    title: 'Number bank',
    subtitle: 'Import numbers from an Excel or CSV file, and the numbers of each zone by operator',
    import: {
      title: 'Import a file', file: 'File (xlsx or CSV)', hint: 'The first row holds the column titles: `mobile`, `genderType`, `stateName`, `cityName`, `areaName`, `guildName`, `subGuildName`, `zipCode`, `isBlackList`, `isBlackListLocal`, `mobileOperator`, `simType`. Numbers already in the bank are updated.',
      upload: 'Upload and start', uploading: 'Sending the file: {{n}}%', chooseFile: 'Choose a file.',
    },
    list: {
      title: 'Recent imports', empty: 'No file imported yet.', fileName: 'File', status: 'Status', progress: 'Progress',
      counts: '{{added}} added, {{updated}} updated, {{rejected}} rejected', percent: '{{n}}% · {{processed}} rows',
      done: 'The import of “{{name}}” is complete.', failed: 'The import of “{{name}}” stopped.',
    },
    status: { Waiting: 'Queued', Extracting: 'Importing', Completed: 'Completed', Failed: 'Failed' },
    zones: {
      title: 'Zones and their numbers', empty: 'No zones yet; importing a file creates them.',
      name: 'Zone', type: 'Type', mci: 'MCI', mtn: 'Irancell', rightel: 'Rightel', other: 'Other', total: 'Total',
      types: { Country: 'Country', Province: 'Province', City: 'City', Area: 'Area' }, expand: 'Open {{name}}', collapse: 'Close {{name}}',
      hint: 'Only numbers outside the blacklists are counted.',
    },
  },
};
