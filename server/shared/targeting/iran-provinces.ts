/**
 * Iran's 31 provinces: Natural Earth's HASC id, its English name, and the Persian name the panel
 * uses (the number bank's zones and smart requests' `provinces` are named in Persian). The map's
 * boundaries file (client/public/geo/iran-provinces.geojson) carries the same three fields.
 */
export const IRAN_PROVINCES = [
  { id: 'IR.AL', name: 'Alborz', nameFa: 'البرز' },
  { id: 'IR.AR', name: 'Ardebil', nameFa: 'اردبیل' },
  { id: 'IR.BK', name: 'Kermanshah', nameFa: 'کرمانشاه' },
  { id: 'IR.BS', name: 'Bushehr', nameFa: 'بوشهر' },
  { id: 'IR.CM', name: 'Chahar Mahall and Bakhtiari', nameFa: 'چهارمحال و بختیاری' },
  { id: 'IR.EA', name: 'East Azarbaijan', nameFa: 'آذربایجان شرقی' },
  { id: 'IR.ES', name: 'Esfahan', nameFa: 'اصفهان' },
  { id: 'IR.FA', name: 'Fars', nameFa: 'فارس' },
  { id: 'IR.GI', name: 'Gilan', nameFa: 'گیلان' },
  { id: 'IR.GO', name: 'Golestan', nameFa: 'گلستان' },
  { id: 'IR.HD', name: 'Hamadan', nameFa: 'همدان' },
  { id: 'IR.HG', name: 'Hormozgan', nameFa: 'هرمزگان' },
  { id: 'IR.IL', name: 'Ilam', nameFa: 'ایلام' },
  { id: 'IR.KB', name: 'Kohgiluyeh and Buyer Ahmad', nameFa: 'کهگیلویه و بویراحمد' },
  { id: 'IR.KD', name: 'Kordestan', nameFa: 'کردستان' },
  { id: 'IR.KE', name: 'Kerman', nameFa: 'کرمان' },
  { id: 'IR.KJ', name: 'South Khorasan', nameFa: 'خراسان جنوبی' },
  { id: 'IR.KS', name: 'North Khorasan', nameFa: 'خراسان شمالی' },
  { id: 'IR.KV', name: 'Razavi Khorasan', nameFa: 'خراسان رضوی' },
  { id: 'IR.KZ', name: 'Khuzestan', nameFa: 'خوزستان' },
  { id: 'IR.LO', name: 'Lorestan', nameFa: 'لرستان' },
  { id: 'IR.MK', name: 'Markazi', nameFa: 'مرکزی' },
  { id: 'IR.MN', name: 'Mazandaran', nameFa: 'مازندران' },
  { id: 'IR.QM', name: 'Qom', nameFa: 'قم' },
  { id: 'IR.QZ', name: 'Qazvin', nameFa: 'قزوین' },
  { id: 'IR.SB', name: 'Sistan and Baluchestan', nameFa: 'سیستان و بلوچستان' },
  { id: 'IR.SM', name: 'Semnan', nameFa: 'سمنان' },
  { id: 'IR.TH', name: 'Tehran', nameFa: 'تهران' },
  { id: 'IR.WA', name: 'West Azarbaijan', nameFa: 'آذربایجان غربی' },
  { id: 'IR.YA', name: 'Yazd', nameFa: 'یزد' },
  { id: 'IR.ZA', name: 'Zanjan', nameFa: 'زنجان' },
] as const;
