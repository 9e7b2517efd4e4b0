import type { Page } from 'playwright-core';

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
export const toPersianDigits = (value: string): string => value.replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)]);
export const toLatinDigits = (value: string): string =>
  value.replace(/[۰-۹]/g, (d) => String(PERSIAN_DIGITS.indexOf(d))).replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));

/** The shared confirmation-number dialog (data-testid 'confirmation-number-dialog'). */
export class ConfirmationNumberDialogControl {
  constructor(private readonly page: Page) {}

  dialog() { return this.page.getByTestId('confirmation-number-dialog'); }

  /** Reads the number, types it in Persian digits and confirms; returns the number in Latin digits. */
  async confirmInPersianDigits(): Promise<string> {
    const dialog = this.dialog();
    await dialog.waitFor();
    const number = toLatinDigits((await dialog.getByTestId('confirmation-number-dialog-number').innerText()).trim());
    await dialog.getByTestId('confirmation-number-dialog-input').fill(toPersianDigits(number));
    await dialog.getByTestId('confirmation-number-dialog-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    return number;
  }
}
