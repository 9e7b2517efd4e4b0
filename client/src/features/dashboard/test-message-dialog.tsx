import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { TextField } from '../../shared/ui/form/text-field';
import { Select } from '../../shared/ui/select/select';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { newSendId, sendingApi, type Send } from '../sending/sending-api';
import { getMyNumbers, linesKeys } from '../lines/lines-api';

/**
 * The administrator's test message: one number, a prefilled text, sent from the root organization
 * (whatever organization the panel is switched to) through the normal single send.
 */
export function TestMessageDialog({ rootOrganizationId, mobile: ownMobile, onSent, onClose }: {
  rootOrganizationId: number;
  mobile: string | null;
  onSent(send: Send): void;
  onClose(): void;
}) {
  const { api } = useApp();
  const { t } = useTranslation('dashboard');
  const formId = useId();
  const organizationId = String(rootOrganizationId);
  const { data: lines, isLoading } = useSWR(linesKeys.myNumbersOf('Single', organizationId), () =>
    getMyNumbers(api, { sendType: 'Single' }, { organizationId }));
  const [lineId, setLineId] = useState<number | null>(null);
  const [mobile, setMobile] = useState(ownMobile ?? '');
  const [text, setText] = useState(() => t('testMessage.defaultText'));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const items = useMemo(() => (lines ?? []).map((l) => ({ id: l.id, title: l.mask ? `${l.number} (${l.mask})` : l.number })), [lines]);
  // The seeded simulator line (or whichever comes first) is chosen for the administrator.
  useEffect(() => { if (lineId === null && lines?.length) setLineId(lines[0].id); }, [lines, lineId]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!lineId) local.senderNumberId = t('testMessage.required');
    if (!mobile.trim()) local.mobile = t('testMessage.required');
    if (!text.trim()) local.smsBody = t('testMessage.required');
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const send = await sendingApi.createFast(api,
        { senderNumberId: lineId, smsBody: text, mobile: mobile.trim(), sendId: newSendId(), description: t('testMessage.title') }, { quiet: true, organizationId });
      showToast({ kind: 'success', message: t('testMessage.sent') });
      onSent(send);
    } catch (err) {
      setErrors(errorsOf(err));
    } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} title={t('testMessage.title')} size="md" data-testid="test-message"
      footer={(
        <>
          <Button variant="secondary" onClick={onClose}>{t('testMessage.cancel')}</Button>
          <Button type="submit" form={formId} loading={busy} data-testid="test-message-send">{t('testMessage.send')}</Button>
        </>
      )}>
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="grid gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('testMessage.intro')}</p>
        <ErrorSummary errors={errors} testId="test-message-errors" />
        <Select id="test-message-line" data-testid="test-message-line" label={t('testMessage.line')} items={items} value={lineId ?? ''} loading={isLoading} required
          hint={!isLoading && lines?.length === 0 ? t('testMessage.noLines') : undefined} error={errors.senderNumberId}
          onChange={(v) => setLineId(v === null ? null : Number(v))} />
        <TextField id="test-message-mobile" data-testid="test-message-mobile" label={t('testMessage.mobile')} value={mobile} required dir="ltr" inputMode="tel"
          autoComplete="tel" onChange={(e) => setMobile(e.target.value)} error={errors.mobile} />
        <TextField id="test-message-text" data-testid="test-message-text" label={t('testMessage.text')} value={text} required maxLength={500}
          onChange={(e) => setText(e.target.value)} error={errors.smsBody} />
      </form>
    </ModalDialog>
  );
}
