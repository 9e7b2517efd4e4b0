import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { describedBy, FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { getMyNumbers } from '../lines/lines-api';
import { clubApi } from './club-api';

/** A bulk send to the organization's club members (all or by points) from a line marked isSendClub. */
export function ClubSendPage() {
  const { api } = useApp();
  const { t } = useTranslation('club');
  const [params] = useSearchParams();
  const { data: lines } = useSWR(['club-bulk-lines'], () => getMyNumbers(api, { sendType: 'Bulk' }));
  const [line, setLine] = useState('');
  const [text, setText] = useState('');
  const [min, setMin] = useState(params.get('minPoints') ?? '');
  const [max, setMax] = useState(params.get('maxPoints') ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ id: number; recipientCount: number } | null>(null);
  const clubLines = (lines ?? []).filter((l) => l.isSendClub);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const required: FieldErrors = {};
    if (!line) required.privateNumberId = t('required');
    if (!text.trim()) required.smsBody = t('required');
    if (Object.keys(required).length > 0) { setErrors(required); return; }
    setBusy(true);
    setErrors({});
    try {
      const send = await clubApi.send(api, { privateNumberId: Number(line), smsBody: text, minPoints: min ? Number(min) : null, maxPoints: max ? Number(max) : null }, { quiet: true });
      setSent(send);
      showToast({ kind: 'success', message: t('send.sent', { count: send.recipientCount }) });
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  const lineHint = lines && clubLines.length === 0 ? t('noLines') : t('hints.line');
  return (
    <section data-testid="club-send-page">
      <PageHeader title={t('send.title')} />
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('send.intro')}</p>
      <p className="mb-3 text-sm text-amber-700 dark:text-amber-300" data-testid="club-send-now-only">{t('send.nowOnly')}</p>
      <form noValidate onSubmit={(e) => void submit(e)} className="grid max-w-2xl gap-3">
        <ErrorSummary errors={errors} testId="club-send-errors" />
        <FieldFrame id="club-send-line" label={t('send.line')} hint={lineHint} required errorText={errors.privateNumberId ?? null}>
          <select id="club-send-line" data-testid="club-send-line" value={line} onChange={(e) => setLine(e.target.value)} className={inputClass(!!errors.privateNumberId)} required
            aria-invalid={errors.privateNumberId ? true : undefined} aria-describedby={describedBy('club-send-line', lineHint, errors.privateNumberId ?? null)}>
            <option value="">{t('choose')}</option>
            {clubLines.map((l) => <option key={l.id} value={l.id}>{l.number}</option>)}
          </select>
        </FieldFrame>
        <TextField id="club-send-text" data-testid="club-send-text" label={t('send.text')} value={text} maxLength={2000} required error={errors.smsBody} onChange={(e) => setText(e.target.value)} />
        <div className="grid gap-3 sm:grid-cols-2">
          <NumericInput id="club-send-min" data-testid="club-send-min" label={t('send.minPoints')} value={min} onValueChange={setMin} error={errors.minPoints} />
          <NumericInput id="club-send-max" data-testid="club-send-max" label={t('send.maxPoints')} value={max} onValueChange={setMax} error={errors.maxPoints} />
        </div>
        <div className="flex items-center gap-3">
          <Button type="submit" loading={busy} data-testid="club-send-submit">{t('send.submit')}</Button>
          {sent && <Link to={`/outbox/${sent.id}`} className="text-sm underline" data-testid="club-send-outbox">{t('send.outbox')}</Link>}
        </div>
      </form>
    </section>
  );
}
