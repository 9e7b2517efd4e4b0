const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';

/** What the Persian panel shows for a number: the same text with Persian digits. */
export const persianDigits = (value: string | number): string => String(value).replace(/[0-9]/g, (d) => PERSIAN[Number(d)]);

/** Latin digits (0-9) in a text, for assertions that none leaked into the Persian panel. */
export const latinDigitsIn = (text: string): string[] => text.match(/[0-9]+/g) ?? [];
