import type { TextResource } from '../../shared/i18n/i18n';

const categoriesFa = {
  all: 'همه دسته‌ها', Mosques: 'مساجد', BlessedTombs: 'بقاع متبرکه', Cinema: 'سینماها', Libraries: 'کتابخانه‌ها', Publishers: 'انتشارات',
  Hospitals: 'بیمارستان‌ها', Universities: 'دانشگاه‌ها', Schools: 'مدارس', ShoppingCenters: 'مراکز خرید', Parks: 'پارک‌ها', Stadiums: 'ورزشگاه‌ها', Museums: 'موزه‌ها',
};
const categoriesEn = {
  all: 'All categories', Mosques: 'Mosques', BlessedTombs: 'Blessed tombs', Cinema: 'Cinemas', Libraries: 'Libraries', Publishers: 'Publishers',
  Hospitals: 'Hospitals', Universities: 'Universities', Schools: 'Schools', ShoppingCenters: 'Shopping centres', Parks: 'Parks', Stadiums: 'Stadiums', Museums: 'Museums',
};

/** Texts of the smart area (ns `smart`): places, public places and smart requests. */
export const smartTexts: TextResource = {
  ns: 'smart',
  fa: {
    menu: { places: 'مکان‌های من', publicPlaces: 'مکان‌های عمومی', requests: 'ارسال هوشمند' },
    loading: 'در حال بارگذاری…', yes: 'بله', no: 'خیر',
    places: {
      title: 'مکان‌های من', subtitle: 'ناحیه‌هایی که روی نقشه می‌کشید و در ارسال هوشمند دوباره انتخاب می‌کنید',
      list: 'مکان‌های ذخیره‌شده', empty: 'هنوز مکانی ذخیره نکرده‌اید.',
    },
    publicPlaces: {
      title: 'مکان‌های عمومی', subtitle: 'مکان‌هایی مانند مساجد، سینماها و کتابخانه‌ها که همه کاربران در ارسال هوشمند می‌بینند',
      list: 'مکان‌های عمومی', empty: 'مکان عمومی‌ای در این دسته نیست.',
    },
    place: {
      name: 'نام', area: 'ناحیه روی نقشه', category: 'دسته', city: 'شهر', province: 'استان', parent: 'مکان بالادست',
      parentHint: 'اختیاری: نام مجموعه‌ای که این مکان در آن است (مثلاً نام مجتمع).', isActive: 'فعال',
      newTitle: 'مکان جدید', editTitle: 'ویرایش مکان', save: 'ذخیره مکان', clearArea: 'پاک کردن ناحیه',
      noArea: 'لطفا یک چندضلعی انتخاب کنید.', areaDrawn: 'ناحیه کشیده شده: {{type}}', saved: 'مکان «{{name}}» ذخیره شد.',
      shape: 'شکل', size: 'مساحت', km2: '{{n}} کیلومتر مربع', actions: 'عملیات',
      edit: 'ویرایش', delete: 'حذف', editNamed: 'ویرایش {{name}}', deleteNamed: 'حذف {{name}}', confirmDelete: 'مکان «{{name}}» حذف شود؟',
    },
    geometry: { Polygon: 'چندضلعی', Circle: 'دایره', Rectangle: 'مستطیل' },
    categories: categoriesFa,
  },
  en: {
    menu: { places: 'My places', publicPlaces: 'Public places', requests: 'Smart send' },
    loading: 'Loading…', yes: 'Yes', no: 'No',
    places: {
      title: 'My places', subtitle: 'Areas you draw on the map and pick again in smart sends',
      list: 'Saved places', empty: 'You have not saved a place yet.',
    },
    publicPlaces: {
      title: 'Public places', subtitle: 'Places such as mosques, cinemas and libraries that every user sees in smart sends',
      list: 'Public places', empty: 'No public place in this category.',
    },
    place: {
      name: 'Name', area: 'Area on the map', category: 'Category', city: 'City', province: 'Province', parent: 'Parent place',
      parentHint: 'Optional: the name of what this place is part of (a complex, for example).', isActive: 'Active',
      newTitle: 'New place', editTitle: 'Edit place', save: 'Save place', clearArea: 'Clear the area',
      noArea: 'Please select a polygon.', areaDrawn: 'Area drawn: {{type}}', saved: 'The place “{{name}}” is saved.',
      shape: 'Shape', size: 'Area', km2: '{{n}} km²', actions: 'Actions',
      edit: 'Edit', delete: 'Delete', editNamed: 'Edit {{name}}', deleteNamed: 'Delete {{name}}', confirmDelete: 'Delete the place “{{name}}”?',
    },
    geometry: { Polygon: 'Polygon', Circle: 'Circle', Rectangle: 'Rectangle' },
    categories: categoriesEn,
  },
};
