import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DateDisplay } from '../../shared/dates/date-display';
import { TextField } from '../../shared/ui/form/text-field';
import { UserText } from '../../shared/ui/user-text';
import { FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { useDigits } from '../../shared/ui/use-digits';
import type { DataTableColumn } from '../../shared/ui/table/data-table';
import { ApprovalSubjectForm } from '../../shared/ui/approvals/approval-subject-form';
import { ApprovalSubjectPage, type ApprovalSubjectDialogProps } from '../../shared/ui/approvals/approval-subject-page';
import { ErrorSummary, errorsOf } from '../admin-common/kit';
import { parseOtpFormat, renderOtpFormat, type OtpTextIssue } from '../../../../server/shared/text/otp-format';
import { countParts } from '../../../../server/shared/sms/sms-text';
import type { OtpFormat } from './developer-api';

const PRIORITIES = ['Lowest', 'VeryLow', 'Low', 'Normal', 'AboveNormal', 'High', 'VeryHigh', 'Highest'] as const;
type OtpPriority = (typeof PRIORITIES)[number];

/** A `GetAll` row: the server's answer contract (server/shared/developer/otp-formats.answers.ts). */
export type { OtpFormat };

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

function FormatDialog({ editing, onClose, onSaved }: ApprovalSubjectDialogProps<OtpFormat>) {
  const { t } = useTranslation('otpFormats');
  const [priority, setPriority] = useState<OtpPriority>(editing?.priority ?? 'High');
  const [samples, setSamples] = useState<string[]>([]);
  const checkText = useCallback((smsText: string) => {
    const parsed = parseOtpFormat(smsText);
    return parsed.ok ? null : issueText(t, parsed.issue);
  }, [t]);

  return (
    <ApprovalSubjectForm ns="otpFormats" path="/OtpFormats" testId="otp" formTestId="otp-format" editing={editing}
      text={{ rows: 4, maxLength: 1000, hint: t('smsTextHint', { open: '{{', close: '}}' }) }} checkText={checkText} body={{ priority }}
      errorsOf={errorsOf} errorSummary={(errors) => <ErrorSummary errors={errors} testId="otp-format-errors" />} onClose={onClose} onSaved={onSaved}>
      {({ smsText, errors }) => (<>
        <FieldFrame id="otp-priority" label={t('priority')} errorText={errors.priority ?? null}>
          <select id="otp-priority" data-testid="otp-priority" value={priority} className={inputClass(false)} onChange={(e) => setPriority(e.target.value as OtpPriority)}>
            {PRIORITIES.map((p) => <option key={p} value={p}>{t(`priorities.${p}`)}</option>)}
          </select>
        </FieldFrame>
        <Preview smsText={smsText} samples={samples} onSample={(i, v) => setSamples((s) => { const next = [...s]; next[i] = v; return next; })} />
      </>)}
    </ApprovalSubjectForm>
  );
}

export function OtpFormatsPage() {
  const { t } = useTranslation('otpFormats');
  const digits = useDigits();

  const leading = useMemo<DataTableColumn<OtpFormat>[]>(() => [
    { key: 'id', header: t('columns.id'), cell: (r) => digits(r.id) },
    { key: 'title', header: t('columns.title'), hideable: false, cell: (r) => r.title },
    { key: 'smsText', header: t('columns.smsText'), cell: (r) => <UserText className="whitespace-pre-wrap break-words">{r.smsText}</UserText> },
    { key: 'parameters', header: t('columns.parameters'), cell: (r) => digits(r.parameterCount) },
    { key: 'priority', header: t('columns.priority'), cell: (r) => t(`priorities.${r.priority}`) },
  ], [t, digits]);
  const trailing = useMemo<DataTableColumn<OtpFormat>[]>(() => [
    { key: 'user', header: t('columns.user'), cell: (r) => r.userName ?? r.userId },
    { key: 'lastModified', header: t('columns.lastModified'), cell: (r) => <DateDisplay value={r.lastModified} /> },
  ], [t]);

  return (
    <ApprovalSubjectPage<OtpFormat> pageTestId="otp-formats-page" ns="otpFormats" path="/OtpFormats" swrKey="otp-formats" testId="otp" tableTestId="otp-formats-table"
      leading={leading} trailing={trailing} dialog={FormatDialog} />
  );
}
