import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { useDigits } from '../../shared/ui/use-digits';
import { Amount } from '../financial/money';
import type { Calculation } from './sending-api';

/** One line of a send's calculation (also the voice send's preview). */
export function PreviewRow({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex justify-between gap-3 border-b border-slate-100 py-1 dark:border-slate-700">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-medium" data-testid={testId}>{children}</dd>
    </div>
  );
}

/** The server's calculation of a send before it is made; Confirm creates it. */
export function PreviewDialog({ calc, busy, onConfirm, onClose }: { calc: Calculation; busy: boolean; onConfirm(): void; onClose(): void }) {
  const { t } = useTranslation('sending');
  const digits = useDigits();
  const n = (v: number | string | undefined) => digits(v ?? 0);
  return (
    <ModalDialog open onClose={onClose} title={t('calc.title')} size="md" data-testid="send-preview"
      footer={(
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('calc.cancel')}</Button>
          <Button loading={busy} disabled={calc.recipientCount === 0} onClick={onConfirm} data-testid="send-preview-confirm">{t('calc.confirm')}</Button>
        </div>
      )}>
      <dl className="text-sm">
        <PreviewRow label={t('calc.senderNumber')} testId="calc-senderNumber"><span dir="ltr">{digits(calc.senderNumber)}</span></PreviewRow>
        <PreviewRow label={t('calc.recipients')} testId="calc-recipientCount">{n(calc.recipientCount)}</PreviewRow>
        <PreviewRow label={t('calc.mci')} testId="calc-mci">{n(calc.mciCount)}</PreviewRow>
        <PreviewRow label={t('calc.mtn')} testId="calc-mtn">{n(calc.mtnCount)}</PreviewRow>
        <PreviewRow label={t('calc.rightel')} testId="calc-rightel">{n(calc.rightelCount)}</PreviewRow>
        <PreviewRow label={t('calc.other')} testId="calc-other">{n(calc.otherCount)}</PreviewRow>
        <PreviewRow label={t('calc.international')} testId="calc-international">{n(calc.internationalCount)}</PreviewRow>
        <PreviewRow label={t('calc.blackList')} testId="calc-blackList">{n(calc.blackListCount)}</PreviewRow>
        <PreviewRow label={t('calc.wrong')} testId="calc-wrong">{n(calc.wrongNumberCount)}</PreviewRow>
        <PreviewRow label={t('calc.duplicate')} testId="calc-duplicate">{n(calc.duplicateCount)}</PreviewRow>
        <PreviewRow label={t('calc.parts')} testId="calc-parts">{n(calc.smsParts)}</PreviewRow>
        <PreviewRow label={t('calc.encoding')} testId="calc-encoding">{t(`encodings.${calc.smsEncoding}`, { defaultValue: calc.smsEncoding })}</PreviewRow>
        <PreviewRow label={t('calc.length')} testId="calc-length">{n(calc.smsLength)}</PreviewRow>
        <PreviewRow label={t('calc.price')} testId="calc-price-row"><Amount value={calc.sendPrice} testId="calc-price" /></PreviewRow>
        <PreviewRow label={t('calc.levy')} testId="calc-levy-row"><Amount value={calc.resolutionOfParliamentPrice} testId="calc-levy" /></PreviewRow>
        <PreviewRow label={t('calc.vat', { percent: digits(calc.taxPercent) })} testId="calc-vat-row"><Amount value={calc.taxPrice} testId="calc-vat" /></PreviewRow>
        <PreviewRow label={t('calc.total')} testId="calc-total-row"><Amount value={calc.totalPrice} testId="calc-total" /></PreviewRow>
      </dl>
      {calc.invalidSamples?.length > 0 && (
        <div className="mt-3 text-sm" data-testid="calc-invalid-samples">
          <p className="font-semibold">{t('calc.invalidSamples')}</p>
          <p dir="ltr" className="text-start text-red-700">{calc.invalidSamples.join('، ')}</p>
        </div>
      )}
    </ModalDialog>
  );
}
