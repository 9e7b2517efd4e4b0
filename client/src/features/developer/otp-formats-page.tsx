import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { TextField } from '../../shared/ui/form/text-field';
import { describedBy, FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { PageHeader } from '../../shared/ui/page-header';
import { useDigits } from '../../shared/ui/use-digits';
import type { DataTableColumn } from '../../shared/ui/table/data-table';
import { ApprovalList, useApprovalListRefresh } from '../../shared/ui/approvals/approval-list';
import type { ApprovalStatus } from '../../shared/ui/approvals/approvals';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { parseOtpFormat, renderOtpFormat, type OtpTextIssue } from '../../../../server/shared/text/otp-format';
import { countParts } from '../../../../server/shared/sms/sms-text';

const PRIORITIES = ['Lowest', 'VeryLow', 'Low', 'Normal', 'AboveNormal', 'High', 'VeryHigh', 'Highest'] as const;
type OtpPriority = (typeof PRIORITIES)[number];

export interface OtpFormat {
  id: number; userId: number; userName?: string; organizationId: number; title: string; smsText: string; parameterCount: number;
  priority: OtpPriority; status: ApprovalStatus; lastModified: string;
}

function issueText(t: TFunction, issue: OtpTextIssue): string {
  switch (issue.code) {
    case 'unmatchedOpen': case 'unmatchedClose': return t(`issues.${issue.code}`, { position: issue.at + 1 });
    case 'badPlaceholder': return t('issues.badPlaceholder', { text: issue.text });
    case 'tooManyPlaceholders': return t('issues.tooManyPlaceholders', { limit: issue.limit });
    case 'missingPlaceholder': return t('issues.missingPlaceholder', { placeholder: `{${issue.missing}}` });
    case 'noPlaceholder': return t('issues.noPlaceholder');
  }
}

/** Sample values for the preview: a code for {0}, then small numbers (what OTP texts usually carry). */
const defaultSample = (index: number): string => (index === 0 ? '48213' : String(index + 1));

/**
 * The live preview reads the text with the server's own parser (server/shared/text/otp-format.ts),
 * so what it calls an error is exactly what the server refuses.
 */
function Preview({ smsText, samples, onSample }: { smsText: string; samples: string[]; onSample(index: number, value: string): void }) {
  const { t } = useTranslation('otpFormats');
  const digits = useDigits();
  const parsed = useMemo(() => parseOtpFormat(smsText), [smsText]);
  if (!smsText.trim()) return <p className="text-sm text-slate-500" data-testid="otp-preview-empty">{t('previewEmpty')}</p>;
  if (!parsed.ok) return <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="otp-preview-issue">{issueText(t, parsed.issue)}</p>;
  const values = Array.from({ length: parsed.count }, (_, i) => samples[i] ?? defaultSample(i));
  const rendered = renderOtpFormat(parsed.segments, values);
  const parts = countParts(rendered);
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium" data-testid="otp-placeholder-count">{t('placeholderCount', { count: parsed.count, n: digits(parsed.count) })}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        {values.map((v, i) => (
          <TextField key={i} id={`otp-sample-${i}`} data-testid={`otp-sample-${i}`} label={t('sample', { placeholder: `{${i}}` })} value={v} maxLength={100}
            onChange={(e) => onSample(i, e.target.value)} />
        ))}
      </div>
      <div aria-live="polite">
        <p className="mb-1 text-sm font-medium">{t('preview')}</p>
        <p dir="auto" className="whitespace-pre-wrap rounded border border-slate-200 bg-slate-50 p-2 text-sm dark:border-slate-700 dark:bg-slate-800" data-testid="otp-preview">{rendered}</p>
        <p className="mt-1 text-xs text-slate-500">{t('previewLength', { chars: digits([...rendered].length), parts: digits(parts.parts) })}</p>
      </div>
    </div>
  );
}

function FormatDialog({ editing, onClose, onSaved }: { editing: OtpFormat | null; onClose(): void; onSaved(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('otpFormats');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [smsText, setSmsText] = useState(editing?.smsText ?? '');
  const [priority, setPriority] = useState<OtpPriority>(editing?.priority ?? 'High');
  const [samples, setSamples] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!title.trim()) local.title = t('required');
    if (!smsText.trim()) local.smsText = t('required');
    else {
      const parsed = parseOtpFormat(smsText);
      if (!parsed.ok) local.smsText = issueText(t, parsed.issue);
    }
    if (Object.keys(local).length) { setErrors(local); return; }
    setBusy(true);
    try {
      const body = { title: title.trim(), smsText, priority };
      if (editing) await api.post('/OtpFormats/Update', { id: editing.id, ...body }, { quiet: true });
      else await api.post('/OtpFormats/Create', body, { quiet: true });
      onSaved();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} title={t(editing ? 'edit' : 'create')} data-testid="otp-format-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="otp-format-errors" />
        <div className="mb-3 grid gap-3">
          <TextField id="otp-title" data-testid="otp-title" label={t('titleField')} value={title} maxLength={100} required error={errors.title} onChange={(e) => setTitle(e.target.value)} />
          <FieldFrame id="otp-text" label={t('smsText')} required hint={t('smsTextHint', { open: '{{', close: '}}' })} errorText={errors.smsText ?? null}>
            <textarea id="otp-text" data-testid="otp-text" rows={4} dir="auto" value={smsText} maxLength={1000} required
              aria-invalid={errors.smsText ? true : undefined} aria-describedby={describedBy('otp-text', t('smsTextHint', { open: '{{', close: '}}' }), errors.smsText ?? null)}
              className={inputClass(!!errors.smsText)} onChange={(e) => { setSmsText(e.target.value); setErrors(({ smsText: _stale, ...rest }) => rest); }} />
          </FieldFrame>
          <FieldFrame id="otp-priority" label={t('priority')} errorText={errors.priority ?? null}>
            <select id="otp-priority" data-testid="otp-priority" value={priority} className={inputClass(false)} onChange={(e) => setPriority(e.target.value as OtpPriority)}>
              {PRIORITIES.map((p) => <option key={p} value={p}>{t(`priorities.${p}`)}</option>)}
            </select>
          </FieldFrame>
          <Preview smsText={smsText} samples={samples} onSample={(i, v) => setSamples((s) => { const next = [...s]; next[i] = v; return next; })} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="otp-save">{t('save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function OtpFormatsPage() {
  const { t } = useTranslation('otpFormats');
  const digits = useDigits();
  const refresh = useApprovalListRefresh('otp-formats');
  const [dialog, setDialog] = useState<{ editing: OtpFormat | null } | null>(null);

  const leading = useMemo<DataTableColumn<OtpFormat>[]>(() => [
    { key: 'id', header: t('columns.id'), cell: (r) => digits(r.id) },
    { key: 'title', header: t('columns.title'), hideable: false, cell: (r) => r.title },
    { key: 'smsText', header: t('columns.smsText'), cell: (r) => <span dir="auto" className="whitespace-pre-wrap break-words">{r.smsText}</span> },
    { key: 'parameters', header: t('columns.parameters'), cell: (r) => digits(r.parameterCount) },
    { key: 'priority', header: t('columns.priority'), cell: (r) => t(`priorities.${r.priority}`) },
  ], [t, digits]);
  const trailing = useMemo<DataTableColumn<OtpFormat>[]>(() => [
    { key: 'user', header: t('columns.user'), cell: (r) => r.userName ?? r.userId },
    { key: 'lastModified', header: t('columns.lastModified'), cell: (r) => <DateDisplay value={r.lastModified} /> },
  ], [t]);
  const actions = useCallback((r: OtpFormat) => (
    <Button size="sm" variant="secondary" onClick={() => setDialog({ editing: r })} data-testid="otp-edit">{t('edit')}</Button>
  ), [t]);

  return (
    <section data-testid="otp-formats-page">
      <PageHeader title={t('title')} actions={<Button onClick={() => setDialog({ editing: null })} data-testid="otp-create">{t('create')}</Button>} />
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('intro')}</p>
      <ApprovalList<OtpFormat> ns="otpFormats" path="/OtpFormats" swrKey="otp-formats" testId="otp" tableTestId="otp-formats-table"
        leading={leading} trailing={trailing} actions={actions} />
      {dialog && <FormatDialog editing={dialog.editing} onClose={() => setDialog(null)} onSaved={() => { setDialog(null); showToast({ kind: 'success', message: t('done') }); void refresh(); }} />}
    </section>
  );
}
