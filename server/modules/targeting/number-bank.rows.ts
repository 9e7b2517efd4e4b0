import { normalizeIranMobile, operatorOf, toLatinDigits } from '../../shared/sms/phone-numbers.js';
import { cellText, type CellValue } from '../contacts/index.js';

/**
 * One row of a bank file → a bank record or the reason it is refused. Pure: the import worker
 * and the unit tests share it. Enum codes are the table's smallints (see the migration).
 */

/** The spec's bulk number record, as columns of a file (the first row names them). */
export const BANK_COLUMNS = ['mobile', 'genderType', 'stateName', 'cityName', 'areaName', 'guildName', 'subGuildName', 'zipCode', 'isBlackList', 'isBlackListLocal', 'mobileOperator', 'simType'] as const;
export type BankColumn = (typeof BANK_COLUMNS)[number];
export type ColumnMap = Partial<Record<BankColumn, number>>;

export const GENDER_TYPES = ['All', 'Man', 'Woman'] as const;
export const SIM_TYPES = ['All', 'Credits', 'Permanent'] as const;
/** The spec's operators a bank number can have (SmsAggregator without MCI2, International, NotValid). */
export const BANK_OPERATORS = ['MCI', 'Irancell', 'Rightel', 'Other'] as const;
export type GenderType = (typeof GENDER_TYPES)[number];
export type SimType = (typeof SIM_TYPES)[number];
export type BankOperator = (typeof BANK_OPERATORS)[number];

/** Stored code of each (index + 1 for operators; index for gender and SIM, 0 = All / not known). */
export const operatorCode = (o: BankOperator) => BANK_OPERATORS.indexOf(o) + 1;
export const operatorName = (code: number): BankOperator => BANK_OPERATORS[code - 1] ?? 'Other';
export const genderCode = (g: GenderType) => GENDER_TYPES.indexOf(g);
export const simCode = (s: SimType) => SIM_TYPES.indexOf(s);

const key = (text: string) => toLatinDigits(text).toLowerCase().replace(/[\s_\-.\u200c\u200f\u200e]+/g, '');

const HEADER_WORDS: Record<BankColumn, string[]> = {
  mobile: ['mobile', 'cellphone', 'msisdn', 'number', 'phonenumber', 'موبایل', 'شماره', 'شمارهموبایل', 'تلفنهمراه'],
  genderType: ['gendertype', 'gender', 'sex', 'جنسیت'],
  stateName: ['statename', 'state', 'province', 'provincename', 'استان'],
  cityName: ['cityname', 'city', 'شهر'],
  areaName: ['areaname', 'area', 'region', 'منطقه', 'محله'],
  guildName: ['guildname', 'guild', 'jobgroup', 'صنف', 'گروهشغلی'],
  subGuildName: ['subguildname', 'subguild', 'زیرصنف', 'زیرگروهشغلی'],
  zipCode: ['zipcode', 'zip', 'postalcode', 'postcode', 'کدپستی'],
  isBlackList: ['isblacklist', 'blacklist', 'لیستسیاه'],
  isBlackListLocal: ['isblacklistlocal', 'blacklistlocal', 'لیستسیاهمحلی'],
  mobileOperator: ['mobileoperator', 'operator', 'اپراتور'],
  simType: ['simtype', 'sim', 'نوعسیمکارت', 'سیمکارت'],
};

/** The columns named by a header row; null when it names no mobile column (the file is refused as a whole). */
export function columnsOfHeader(cells: readonly CellValue[]): ColumnMap | null {
  const map: ColumnMap = {};
  cells.forEach((cell, i) => {
    const k = key(cellText(cell));
    const column = BANK_COLUMNS.find((c) => map[c] === undefined && HEADER_WORDS[c].includes(k));
    if (column) map[column] = i;
  });
  return map.mobile === undefined ? null : map;
}

const GENDER_WORDS: Record<string, number> = {
  all: 0, '0': 0, unknown: 0, 'همه': 0, man: 1, male: 1, m: 1, '1': 1, 'مرد': 1, 'آقا': 1, woman: 2, female: 2, f: 2, '2': 2, 'زن': 2, 'خانم': 2,
};
const SIM_WORDS: Record<string, number> = {
  all: 0, '0': 0, 'همه': 0, credits: 1, credit: 1, prepaid: 1, '1': 1, 'اعتباری': 1, permanent: 2, postpaid: 2, '2': 2, 'دائمی': 2,
};
const OPERATOR_WORDS: Record<string, number> = {
  mci: 1, mci2: 1, hamrahaval: 1, 'همراهاول': 1, irancell: 2, mtn: 2, mtnirancell: 2, 'ایرانسل': 2, rightel: 3, 'رایتل': 3, other: 4, 'سایر': 4,
};
const FLAG_WORDS: Record<string, boolean> = { true: true, '1': true, yes: true, 'بله': true, false: false, '0': false, no: false, 'خیر': false };

export interface BankRecord {
  /** 98… (the house normaliser's form). */
  mobile: string;
  mobileOperator: number;
  genderType: number;
  simType: number;
  stateName: string;
  cityName: string | null;
  areaName: string | null;
  guildName: string | null;
  subGuildName: string | null;
  zipCode: string | null;
  isBlackList: boolean;
  isBlackListLocal: boolean;
}

export interface RowReject {
  rowNumber: number;
  propertyName: BankColumn;
  /** A message key (targeting.row.*). */
  reason: string;
  value: string;
}

export const NAME_MAX = 100;

/** Names as zones keep them: Arabic yeh and kaf as Persian, spaces collapsed, trimmed. */
export function zoneName(text: string): string {
  return text.replace(/\u064a/g, '\u06cc').replace(/\u0643/g, '\u06a9').replace(/[\s\u200c]+/g, (m) => (m.includes('\u200c') ? '\u200c' : ' ')).trim();
}

export function parseBankRow(cells: readonly CellValue[], columns: ColumnMap, rowNumber: number): BankRecord | RowReject {
  const raw = (c: BankColumn) => (columns[c] === undefined ? '' : cellText(cells[columns[c]!] ?? null).trim());
  const refuse = (propertyName: BankColumn, reason: string): RowReject => ({ rowNumber, propertyName, reason, value: raw(propertyName).slice(0, 100) });

  const mobile = normalizeIranMobile(raw('mobile'));
  if (!mobile) return refuse('mobile', raw('mobile') ? 'targeting.row.mobileInvalid' : 'targeting.row.mobileRequired');

  const word = (c: BankColumn, words: Record<string, number>, fallback: number): number | null => {
    const text = key(raw(c));
    if (text === '') return fallback;
    return words[text] ?? null;
  };
  const gender = word('genderType', GENDER_WORDS, 0);
  if (gender === null) return refuse('genderType', 'targeting.row.genderInvalid');
  const sim = word('simType', SIM_WORDS, 0);
  if (sim === null) return refuse('simType', 'targeting.row.simInvalid');
  const derived = operatorOf(mobile);
  const operator = word('mobileOperator', OPERATOR_WORDS, derived === 'mci' ? 1 : derived === 'irancell' ? 2 : derived === 'rightel' ? 3 : 4);
  if (operator === null) return refuse('mobileOperator', 'targeting.row.operatorInvalid');

  const flag = (c: BankColumn): boolean | null => {
    const text = key(raw(c));
    return text === '' ? false : FLAG_WORDS[text] ?? null;
  };
  const isBlackList = flag('isBlackList');
  if (isBlackList === null) return refuse('isBlackList', 'targeting.row.flagInvalid');
  const isBlackListLocal = flag('isBlackListLocal');
  if (isBlackListLocal === null) return refuse('isBlackListLocal', 'targeting.row.flagInvalid');

  const zip = toLatinDigits(raw('zipCode')).replace(/[\s-]/g, '');
  if (zip !== '' && !/^[0-9]{10}$/.test(zip)) return refuse('zipCode', 'targeting.row.zipInvalid');

  const names: Partial<Record<BankColumn, string | null>> = {};
  for (const c of ['stateName', 'cityName', 'areaName', 'guildName', 'subGuildName'] as const) {
    const text = zoneName(raw(c));
    if (text.length > NAME_MAX) return refuse(c, 'targeting.row.tooLong');
    names[c] = text === '' ? null : text;
  }
  if (!names.stateName) return refuse('stateName', 'targeting.row.stateRequired');
  if (names.areaName && !names.cityName) return refuse('areaName', 'targeting.row.areaWithoutCity');

  return {
    mobile, mobileOperator: operator, genderType: gender, simType: sim,
    stateName: names.stateName, cityName: names.cityName ?? null, areaName: names.areaName ?? null,
    guildName: names.guildName ?? null, subGuildName: names.subGuildName ?? null, zipCode: zip === '' ? null : zip,
    isBlackList, isBlackListLocal,
  };
}

export const isReject = (r: BankRecord | RowReject): r is RowReject => 'reason' in r;
