import type { TextResource } from '../../shared/i18n/i18n';

export const contactExportTexts: TextResource = {
  ns: 'contactExport',
  fa: {
    title: 'خروجی مخاطبان',
    format: 'قالب فایل',
    formats: { xlsx: 'اکسل (xlsx)', csv: 'CSV' },
    scopeFilter: 'همه {{n}} مخاطب منطبق با فیلتر فعلی',
    scopeChosen: '{{n}} مخاطب انتخاب‌شده',
    start: 'تهیه فایل خروجی',
    progress: 'پیشرفت تهیه فایل خروجی',
    percent: '{{n}}٪',
    download: 'دریافت فایل {{format}}، {{n}} مخاطب',
    masked: 'شماره‌ها در این فایل پوشانده شده‌اند، چون برای شما پنهان هستند.',
    failed: 'تهیه فایل خروجی انجام نشد.',
  },
  en: {
    title: 'Export contacts',
    format: 'File format',
    formats: { xlsx: 'Excel (xlsx)', csv: 'CSV' },
    scopeFilter: 'All {{n}} contacts that match the current filter',
    scopeChosen: '{{n}} chosen contacts',
    start: 'Make the export file',
    progress: 'Export progress',
    percent: '{{n}}%',
    download: 'Download the {{format}} file, {{n}} contacts',
    masked: 'Numbers are masked in this file because they are hidden from you.',
    failed: 'The export file could not be made.',
  },
};
