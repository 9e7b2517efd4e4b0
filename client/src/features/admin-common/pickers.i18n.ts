import type { TextResource } from '../../shared/i18n/i18n';

/** Texts of the entity pickers (pickers.tsx). */
export const pickersTexts: TextResource = {
  ns: 'pickers',
  fa: {
    organizationPlaceholder: 'نام سازمان را جستجو کنید',
    userPlaceholder: 'نام یا نام کاربری را جستجو کنید',
    tariffPlaceholder: 'نام تعرفه را جستجو کنید',
    linePlaceholder: 'شماره خط را جستجو کنید',
    formPlaceholder: 'عنوان فرم را جستجو کنید',
    formUnpublished: 'منتشر نشده',
    organizationTypes: { system: 'سازمان سامانه', reseller: 'نماینده', organization: 'سازمان' },
  },
  en: {
    organizationPlaceholder: 'Search for an organization',
    userPlaceholder: 'Search by name or user name',
    tariffPlaceholder: 'Search for a tariff',
    linePlaceholder: 'Search for a line number',
    formPlaceholder: 'Search for a form by title',
    formUnpublished: 'Not published',
    organizationTypes: { system: 'System organization', reseller: 'Reseller', organization: 'Organization' },
  },
};
