import { useCallback, useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import type { DataTableColumn } from '../../shared/ui/table/data-table';
import { ApprovalSubjectForm } from '../../shared/ui/approvals/approval-subject-form';
import { ApprovalSubjectPage, type ApprovalSubjectDialogProps } from '../../shared/ui/approvals/approval-subject-page';
import { ApprovalStatusBadge } from '../../shared/ui/approvals/approvals';
import { ErrorSummary, errorsOf } from '../admin-common/kit';
import { TemplateFields } from '../sending/phonebook-recipients';
import { sendingApi, sendingKeys } from '../sending/sending-api';
import { parseTemplate, parseTemplateIn, placeholderNames, toBraces } from '../../../../server/shared/text/template-placeholders';
import { Select } from '../../shared/ui/select/select';
import { dynamicTemplatesApi, dynamicTemplatesKeys } from '../dynamic-templates/dynamic-templates-api';
import { countParts } from '../../../../server/shared/sms/sms-text';
import { PATTERN_SEND_PATH, type Pattern } from './patterns-api';

/** The contact's own fields a pattern may name (the server's DYNAMIC_CONTACT_FIELDS). */
const OWN_FIELDS = ['firstName', 'lastName', 'cellphone', 'phonebookGroup', 'job', 'email', 'address', 'telephone', 'birthdate'] as const;

const useCustomFields = () => {
  const { api } = useApp();
  return useSWR(sendingKeys.phonebookFields(), () => sendingApi.customFields(api));
};

export function StatusBadge({ pattern }: { pattern: Pick<Pattern, 'status' | 'confirmedAbove'> }) {
  const { t } = useTranslation('patterns');
  return (
    <span className="inline-flex flex-wrap gap-1">
      <ApprovalStatusBadge ns="patterns" status={pattern.status} testId="pattern-status" />
      {pattern.status === 'Confirmed' && pattern.confirmedAbove && (
        <span className="inline-block rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900 dark:bg-sky-900/40 dark:text-sky-200" title={t('fastHint')} data-testid="pattern-fast">{t('fast')}</span>
      )}
    </span>
  );
}

/**
 * The text as a sample contact would receive it, read with the server's own parser
 * (server/shared/text/template-placeholders.ts): contact fields take sample values, custom fields
 * their Persian name; names that match no field are listed (the server refuses them on save).
 */
function Preview({ smsText }: { smsText: string }) {
  const { t } = useTranslation('patterns');
  const digits = useDigits();
  const { data: fields } = useCustomFields();
  const parts = useMemo(() => parseTemplate(smsText), [smsText]);
  if (!smsText.trim()) return <p className="text-sm text-slate-500" data-testid="pattern-preview-empty">{t('previewEmpty')}</p>;
  const custom = fields?.items ?? [];
  const valueOf = (name: string): string | null => {
    const lower = name.toLowerCase();
    const own = OWN_FIELDS.find((f) => f.toLowerCase() === lower);
    if (own) return t(`sample.${own}`);
    const field = custom.find((f) => f.nameEn.toLowerCase() === lower);
    return field ? `«${field.nameFa}»` : null;
  };
  const unknown = placeholderNames(parts).filter((n) => valueOf(n) === null);
  const rendered = parts.map((p) => (typeof p === 'string' ? p : valueOf(p.name) ?? '')).join('');
  const count = countParts(rendered);
  return (
    <div aria-live="polite">
      <p className="mb-1 text-sm font-medium">{t('preview')}</p>
      <p dir="auto" className="whitespace-pre-wrap rounded border border-slate-200 bg-slate-50 p-2 text-sm dark:border-slate-700 dark:bg-slate-800" data-testid="pattern-preview">{rendered}</p>
      <p className="mt-1 text-xs text-slate-500">{t('previewLength', { chars: digits([...rendered].length), parts: digits(Math.max(1, count.parts)) })}</p>
      {fields && unknown.length > 0 && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300" data-testid="pattern-preview-unknown">
          <span dir="ltr">{t('unknownFields', { fields: unknown.map((n) => `{${n}}`).join(' ') })}</span>
        </p>
      )}
    </div>
  );
}

function PatternDialog({ editing, onClose, onSaved }: ApprovalSubjectDialogProps<Pattern>) {
  const { api } = useApp();
  const { t } = useTranslation('patterns');
  const [templateId, setTemplateId] = useState<number | null>(editing?.dynamicTemplateId ?? null);
  const { data: templates, isLoading } = useSWR(dynamicTemplatesKeys.choices(), () => dynamicTemplatesApi.choices(api, undefined, { quiet: true }).catch(() => []));
  // A named template's text is what the server stores (copied in the Braces syntax); an edit sends null to detach it.
  const body = editing ? { dynamicTemplateId: templateId } : templateId ? { dynamicTemplateId: templateId } : undefined;
  return (
    <ApprovalSubjectForm ns="patterns" path="/Patterns" testId="pattern" formTestId="pattern" editing={editing} text={{ rows: 5, maxLength: 5000 }} body={body}
      errorsOf={errorsOf} errorSummary={(errors) => <ErrorSummary errors={errors} testId="pattern-errors" />} onClose={onClose} onSaved={onSaved}>
      {({ smsText, setSmsText, errors }) => (<>
        <Select id="pattern-template" data-testid="pattern-template" label={t('fromTemplate')} items={templates ?? []} value={templateId ?? ''} loading={isLoading}
          hint={t('fromTemplateHint')} error={errors.dynamicTemplateId}
          onChange={(v, item) => {
            setTemplateId(v === null ? null : Number(v));
            if (item) setSmsText(toBraces(parseTemplateIn(item.format, item.customText)));
          }} />
        <TemplateFields onInsert={(placeholder) => setSmsText((v) => v + placeholder)} />
        <Preview smsText={smsText} />
      </>)}
    </ApprovalSubjectForm>
  );
}

export function PatternsPage() {
  const { t } = useTranslation('patterns');
  const digits = useDigits();

  const leading = useMemo<DataTableColumn<Pattern>[]>(() => [
    { key: 'id', header: t('columns.id'), cell: (r) => digits(r.id) },
    { key: 'title', header: t('columns.title'), hideable: false, cell: (r) => <UserText>{r.title}</UserText> },
    { key: 'smsText', header: t('columns.smsText'), cell: (r) => <UserText className="whitespace-pre-wrap break-words">{r.smsText}</UserText> },
  ], [t, digits]);
  const trailing = useMemo<DataTableColumn<Pattern>[]>(() => [
    { key: 'user', header: t('columns.user'), cell: (r) => <UserText>{r.userName ?? String(r.userId)}</UserText> },
    { key: 'organization', header: t('columns.organization'), cell: (r) => <UserText>{r.organizationName ?? String(r.organizationId)}</UserText> },
    { key: 'lastModified', header: t('columns.lastModified'), cell: (r) => <DateDisplay value={r.lastModified} /> },
  ], [t]);
  const statusCell = useCallback((r: Pattern) => <StatusBadge pattern={r} />, []);
  // A confirmation not from above can still be replaced by one from above.
  const canConfirm = useCallback((r: Pattern) => r.status !== 'Confirmed' || !r.confirmedAbove, []);
  const send = useCallback((r: Pattern) => r.status === 'Confirmed' &&
    <Link className="rounded px-2 py-1 text-sm text-sky-700 underline dark:text-sky-300" to={`${PATTERN_SEND_PATH}?patternId=${r.id}`} data-testid="pattern-send">{t('send')}</Link>, [t]);
  const empty = useCallback((create: () => void) => (
    <EmptyState title={t('empty')} description={t('emptyHint')} action={<Button onClick={create} data-testid="pattern-create-first">{t('create')}</Button>} data-testid="patterns-empty" />
  ), [t]);

  return (
    <ApprovalSubjectPage<Pattern> pageTestId="patterns-page" ns="patterns" path="/Patterns" swrKey="patterns" testId="pattern" tableTestId="patterns-table"
      leading={leading} trailing={trailing} statusCell={statusCell} canConfirm={canConfirm} rejectWithReason rowActions={send} emptyState={empty} dialog={PatternDialog} />
  );
}
