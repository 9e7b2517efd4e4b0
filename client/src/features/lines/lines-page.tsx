import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, FormSection, type FieldErrors } from '../admin-common/kit';
import { OrganizationPicker } from '../admin-common/pickers';
import { AssignmentsDialog } from './assignments-dialog';
import { ResendRulesDialog } from './resend-rules-dialog';
import { LineClassSection, LineClassSummary } from './line-class';
import {
  DELIVERY_FLAGS, LINE_FLAGS, LINE_SWITCH_GROUPS, linesApi, linesKeys, NUMBER_TYPES, REFUND_STATUSES, senderAgentsApi, TYPE_PRIVATE_NUMBERS, USE_FORMS,
  type AgentName, type Line, type LineInput, type LineSwitch,
} from './lines-api';

type Flag = LineSwitch;

interface Draft {
  number: string; useForm: string; mask: string; rangeStart: string; rangeEnd: string; numberType: string; typePrivateNumber: string;
  smsSenderAgentId: number | null; organizationId: string; priority: string; tryCount: string; expireTime: string | null;
  refundDeliveryStatusId: string; tag: string; flags: Partial<Record<Flag, boolean>>;
  /** Offered for sale to the organizations below (number purchase). */
  isForSale: boolean;
}

const EMPTY: Draft = {
  number: '', useForm: 'OneNumber', mask: '', rangeStart: '', rangeEnd: '', numberType: 'Private', typePrivateNumber: 'Bulk', smsSenderAgentId: null,
  organizationId: '', priority: '', tryCount: '', expireTime: null, refundDeliveryStatusId: '', tag: '',
  flags: { isActive: true, isSendSingle: true, isSendBulk: true }, isForSale: false,
};

function draftOf(l: Line): Draft {
  const flags: Partial<Record<Flag, boolean>> = {};
  for (const f of [...DELIVERY_FLAGS, ...LINE_FLAGS]) flags[f] = !!l[f];
  return {
    number: l.number ?? '', useForm: l.useForm, mask: l.mask ?? '', rangeStart: l.rangeStart ?? '', rangeEnd: l.rangeEnd ?? '', numberType: l.numberType,
    typePrivateNumber: l.typePrivateNumber, smsSenderAgentId: l.smsSenderAgentId, organizationId: String(l.organizationId ?? ''),
    priority: l.priority == null ? '' : String(l.priority), tryCount: l.tryCount == null ? '' : String(l.tryCount), expireTime: l.expireTime,
    refundDeliveryStatusId: l.refundDeliveryStatusId ?? '', tag: l.tag ?? '', flags, isForSale: l.isForSale === true,
  };
}

const num = (v: string): number | undefined => (v.trim() ? Number(toLatinDigits(v.trim())) : undefined);

/**
 * One topic of the line's switches: a fieldset whose legend and sentence say what the switches
 * decide, each switch with its own help text (tied to it with aria-describedby). The switches this
 * panel does not act on yet fold away (a native details element: keyboard-usable as it is), open
 * when one of them is on.
 */
function SwitchGroup({ groupKey, flags, values, onChange, children }: {
  groupKey: string; flags: readonly Flag[]; values: Partial<Record<Flag, boolean>>; onChange(flag: Flag): (on: boolean) => void; children?: ReactNode;
}) {
  const { t } = useTranslation('lines');
  const digits = useDigits();
  const hintId = `line-group-${groupKey}-hint`;
  const on = flags.filter((f) => values[f]).length;
  // Read once: React must not fold the group while the user is switching inside it.
  const [startOpen] = useState(on > 0);
  const body = (
    <>
      <p id={hintId} className="mb-3 text-xs text-slate-600 dark:text-slate-300">{t(`lines.groups.${groupKey}.hint`)}</p>
      <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
        {flags.map((f) => (
          <CheckboxField key={f} id={`line-${f}`} data-testid={`line-${f}`} label={t(`lines.flagNames.${f}`)} hint={t(`lines.flagHelp.${f}`)}
            checked={!!values[f]} onCheckedChange={onChange(f)} />
        ))}
        {children}
      </div>
    </>
  );
  const legend = 'px-1 text-sm font-semibold text-sky-800 dark:text-sky-300';
  if (groupKey === 'later') {
    return (
      <details className="mb-4 rounded border border-slate-200 p-3 dark:border-slate-700" open={startOpen} data-testid="line-group-later">
        <summary className={`${legend} cursor-pointer`} data-testid="line-group-later-toggle">{t('lines.later', { n: digits(on) })}</summary>
        <fieldset className="mt-2" aria-describedby={hintId}>
          <legend className="sr-only">{t('lines.groups.later.title')}</legend>
          {body}
        </fieldset>
      </details>
    );
  }
  return (
    <fieldset className="mb-4 rounded border border-slate-200 p-3 dark:border-slate-700" aria-describedby={hintId} data-testid={`line-group-${groupKey}`}>
      <legend className={legend}>{t(`lines.groups.${groupKey}.title`)}</legend>
      {body}
    </fieldset>
  );
}

function LineDialog({ original, agents, focusFlag, onClose, onSaved, onClassChecked }: {
  original: Line | null; agents: AgentName[] | undefined; focusFlag?: string | null; onClose(): void; onSaved(): void; onClassChecked(): void;
}) {
  const { api } = useApp();
  const { t } = useTranslation('lines');
  const [draft, setDraft] = useState<Draft>(original ? draftOf(original) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(k: K) => (v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const setFlag = (f: Flag) => (on: boolean) => setDraft((d) => ({ ...d, flags: { ...d.flags, [f]: on } }));
  const items = (values: readonly string[], group: string) => values.map((id) => ({ id, title: t(`lines.${group}.${id}`) }));
  const agentItems = useMemo(() => (agents ?? []).map((a) => ({ id: a.id, title: a.title })), [agents]);
  const refundItems = useMemo(() => REFUND_STATUSES.map((id) => ({ id, title: t(`sending:deliveryStatuses.${id}`) })), [t]);
  // Opened from a send screen's notice: the switch it named, in view and focused.
  useEffect(() => {
    if (!focusFlag) return;
    const box = document.getElementById(`line-${focusFlag}`);
    box?.scrollIntoView({ block: 'center' });
    box?.focus();
  }, [focusFlag]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!draft.smsSenderAgentId) local.smsSenderAgentId = t('required');
    if (!draft.number.trim() && draft.useForm !== 'Mask') local.number = t('required');
    setErrors(local);
    if (Object.keys(local).length) return;
    const body: LineInput = {
      id: original?.id, number: toLatinDigits(draft.number.trim()), useForm: draft.useForm, mask: draft.mask.trim() || null,
      rangeStart: draft.useForm === 'RangeNumber' ? toLatinDigits(draft.rangeStart.trim()) || null : null,
      rangeEnd: draft.useForm === 'RangeNumber' ? toLatinDigits(draft.rangeEnd.trim()) || null : null,
      numberType: draft.numberType, typePrivateNumber: draft.typePrivateNumber, smsSenderAgentId: draft.smsSenderAgentId,
      organizationId: num(draft.organizationId), priority: num(draft.priority), tryCount: num(draft.tryCount), expireTime: draft.expireTime,
      refundDeliveryStatusId: draft.refundDeliveryStatusId || null, tag: draft.tag.trim() || null, ...draft.flags, isForSale: draft.isForSale,
    };
    setBusy(true);
    try {
      await (original ? linesApi.update : linesApi.create)(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('lines.saved') });
      onSaved();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} size="lg" title={t(original ? 'lines.edit' : 'lines.create')} data-testid="line-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="line-errors" />
        <FormSection title={t('lines.groups.identity.title')} testId="line-group-identity">
          <NumericInput id="line-number" data-testid="line-number" label={t('lines.number')} value={draft.number} required error={errors.number} onValueChange={set('number')} />
          <Select id="line-useForm" data-testid="line-useForm" label={t('lines.useForm')} items={items(USE_FORMS, 'useForms')} value={draft.useForm} clearable={false}
            onChange={(v) => set('useForm')(v === null ? 'OneNumber' : String(v))} error={errors.useForm} />
          <TextField id="line-mask" data-testid="line-mask" label={t('lines.mask')} value={draft.mask} maxLength={11} dir="ltr" error={errors.mask}
            onChange={(e) => set('mask')(e.target.value)} />
          {draft.useForm === 'RangeNumber' ? (
            <>
              <NumericInput id="line-rangeStart" label={t('lines.rangeStart')} value={draft.rangeStart} error={errors.rangeStart} onValueChange={set('rangeStart')} />
              <NumericInput id="line-rangeEnd" label={t('lines.rangeEnd')} value={draft.rangeEnd} error={errors.rangeEnd} onValueChange={set('rangeEnd')} />
            </>
          ) : <div />}
          <Select id="line-numberType" data-testid="line-numberType" label={t('lines.numberType')} items={items(NUMBER_TYPES, 'numberTypes')} value={draft.numberType} clearable={false}
            onChange={(v) => set('numberType')(v === null ? 'Private' : String(v))} error={errors.numberType} />
          <Select id="line-typePrivateNumber" label={t('lines.typePrivateNumber')} items={items(TYPE_PRIVATE_NUMBERS, 'typePrivateNumbers')} value={draft.typePrivateNumber}
            clearable={false} onChange={(v) => set('typePrivateNumber')(v === null ? 'Bulk' : String(v))} error={errors.typePrivateNumber} />
          <Select id="line-agent" data-testid="line-agent" label={t('lines.agent')} items={agentItems} value={draft.smsSenderAgentId ?? ''} required loading={!agents}
            onChange={(v) => set('smsSenderAgentId')(v === null ? null : Number(v))} error={errors.smsSenderAgentId} />
          <OrganizationPicker id="line-organizationId" data-testid="line-organizationId" label={t('lines.organizationId')} placeholder={t('lines.ownOrganization')}
            value={draft.organizationId ? Number(draft.organizationId) : null} error={errors.organizationId} onChange={(id) => set('organizationId')(id === null ? '' : String(id))} />
          <NumericInput id="line-priority" label={t('lines.priority')} hint={t('lines.priorityHint')} value={draft.priority} error={errors.priority} onValueChange={set('priority')} />
          <NumericInput id="line-tryCount" label={t('lines.tryCount')} value={draft.tryCount} error={errors.tryCount} onValueChange={set('tryCount')} />
          <TextField id="line-tag" label={t('lines.tag')} value={draft.tag} maxLength={100} onChange={(e) => set('tag')(e.target.value)} error={errors.tag} />
        </FormSection>
        {original && <LineClassSection lineId={original.id} check={original.numberClass ?? undefined} onChecked={onClassChecked} />}
        {LINE_SWITCH_GROUPS.map((group) => (
          <SwitchGroup key={group.key} groupKey={group.key} flags={group.flags} values={draft.flags} onChange={setFlag}>
            {group.key === 'state' && (
              <DateTimePicker id="line-expireTime" data-testid="line-expireTime" label={t('lines.expireTime')} value={draft.expireTime} onChange={set('expireTime')} error={errors.expireTime} />
            )}
            {group.key === 'state' && (
              <CheckboxField id="line-isForSale" data-testid="line-isForSale" label={t('lines.isForSale')} hint={t('lines.isForSaleHint')} checked={draft.isForSale}
                onCheckedChange={(on) => setDraft((d) => ({ ...d, isForSale: on }))} />
            )}
            {group.key === 'refunds' && (
              <Select id="line-refund" label={t('lines.refundDeliveryStatusId')} hint={t('lines.refundHint')} items={refundItems} value={draft.refundDeliveryStatusId}
                onChange={(v) => set('refundDeliveryStatusId')(v === null ? '' : String(v))} error={errors.refundDeliveryStatusId} />
            )}
          </SwitchGroup>
        ))}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="line-save">{t('save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function LinesPage() {
  const { api } = useApp();
  const { t } = useTranslation('lines');
  const digits = useDigits();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<Line | 'new' | null>(null);
  const [assigning, setAssigning] = useState<Line | null>(null);
  const [resendRules, setResendRules] = useState<Line | null>(null);
  const [deleting, setDeleting] = useState<Line | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(linesKeys.lines(pageIndex, pageSize), () => linesApi.list(api, { pageIndex, pageSize }));
  const { data: agents } = useSWR(linesKeys.agentNames(), () => senderAgentsApi.names(api));
  const agentTitle = (id: number) => agents?.find((a) => a.id === id)?.title ?? digits(id);
  // `?edit=<id>` (a send screen's notice links here) opens that line's form, wherever it is in the list.
  const [params, setParams] = useSearchParams();
  const linkedId = Number(params.get('edit')) || null;
  const { data: linked, mutate: mutateLinked } = useSWR(linkedId ? ['line', linkedId] : null, () => linesApi.get(api, linkedId!));
  const dialogLine = editing ?? (linkedId && linked?.id === linkedId ? linked : null);
  const closeDialog = () => {
    setEditing(null);
    if (linkedId) setParams({}, { replace: true });
  };

  // After "check now" in the form: the list, and the open form's copy of the line, show the new check.
  const refreshClass = async (lineId: number | null) => {
    await Promise.all([mutate(), linkedId ? mutateLinked() : null]);
    if (lineId === null) return;
    const fresh = await linesApi.get(api, lineId);
    setEditing((cur) => (cur && cur !== 'new' && cur.id === lineId ? fresh : cur));
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await linesApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('lines.deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns: DataTableColumn<Line>[] = [
    { key: 'id', header: t('lines.columns.id'), cell: (l) => digits(l.id) },
    { key: 'number', header: t('lines.columns.number'), hideable: false, cell: (l) => <span dir="ltr" data-testid="line-row-number">{digits(l.number)}</span> },
    { key: 'mask', header: t('lines.columns.mask'), cell: (l) => l.mask ?? '—' },
    { key: 'numberType', header: t('lines.columns.numberType'), cell: (l) => t(`lines.numberTypes.${l.numberType}`, { defaultValue: l.numberType }) },
    { key: 'agent', header: t('lines.columns.agent'), cell: (l) => agentTitle(l.smsSenderAgentId) },
    { key: 'expireTime', header: t('lines.columns.expireTime'), cell: (l) => (l.expireTime ? <DateDisplay value={l.expireTime} mode="date" /> : '—') },
    { key: 'active', header: t('lines.columns.active'), cell: (l) => t(l.isActive ? 'lines.active' : 'lines.inactive') },
    { key: 'numberClass', header: t('numberClasses:line.column'), cell: (l) => <LineClassSummary check={l.numberClass ?? undefined} compact /> },
    {
      key: 'actions', header: t('lines.columns.actions'), hideable: false, cell: (l) => (
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="secondary" onClick={() => setEditing(l)} data-testid="line-edit">{t('edit')}</Button>
          <Button size="sm" variant="secondary" onClick={() => setAssigning(l)} data-testid="line-assignments">{t('lines.assignments')}</Button>
          <Button size="sm" variant="secondary" onClick={() => setResendRules(l)} data-testid="line-resend-rules">{t('resend:rules.button')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(l)} data-testid="line-delete">{t('delete')}</Button>
        </div>
      ),
    },
  ];

  return (
    <section data-testid="lines-page">
      <PageHeader title={t('lines.title')} actions={<Button onClick={() => setEditing('new')} data-testid="lines-create">{t('lines.create')}</Button>} />
      <DataTable columns={columns} rows={data?.items} rowKey={(l) => l.id} loading={isLoading} caption={t('lines.title')}
        emptyText={t('lines.empty')} emptyDescription={t('lines.emptyHint')}
        emptyAction={<Button onClick={() => setEditing('new')} data-testid="lines-empty-create">{t('lines.create')}</Button>}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="lines-table" />
      {dialogLine && (
        <LineDialog key={dialogLine === 'new' ? 'new' : dialogLine.id} original={dialogLine === 'new' ? null : dialogLine} agents={agents}
          focusFlag={editing ? null : params.get('flag')} onClose={closeDialog} onSaved={() => { closeDialog(); void mutate(); }}
          onClassChecked={() => void refreshClass(dialogLine === 'new' ? null : dialogLine.id)} />
      )}
      {assigning && <AssignmentsDialog line={assigning} onClose={() => setAssigning(null)} />}
      {resendRules && <ResendRulesDialog line={resendRules} onClose={() => setResendRules(null)} />}
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('deleteTitle')} message={deleting ? t('deleteMessage', { name: deleting.number }) : undefined}
        confirmText={t('delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="line-delete-dialog" />
    </section>
  );
}
