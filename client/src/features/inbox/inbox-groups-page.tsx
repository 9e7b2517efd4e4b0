import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, FormSection, type FieldErrors } from '../admin-common/kit';
import { getMyNumbers } from '../lines/lines-api';
import { inboxApi, inboxKeys, type InboxGroup, type InboxRule, type InboxRuleBody } from './inbox-api';

interface RuleDraft {
  id: number | null; title: string; priority: string; isActive: boolean; privateNumberId: string; senderMobile: string;
  keywordType: 'Contains' | 'StartsWith'; keyword: string; inboxGroupId: string; forwardUrl: string; forwardEmail: string; forwardMobile: string;
}
const EMPTY_RULE: RuleDraft = {
  id: null, title: '', priority: '0', isActive: true, privateNumberId: '', senderMobile: '', keywordType: 'Contains', keyword: '', inboxGroupId: '', forwardUrl: '', forwardEmail: '', forwardMobile: '',
};

const draftOf = (r: InboxRule): RuleDraft => ({
  id: r.id, title: r.title, priority: String(r.priority), isActive: r.isActive, privateNumberId: r.privateNumberId ? String(r.privateNumberId) : '', senderMobile: r.senderMobile ?? '',
  keywordType: r.keywordType ?? 'Contains', keyword: r.keyword ?? '', inboxGroupId: r.inboxGroupId ? String(r.inboxGroupId) : '', forwardUrl: r.forwardUrl ?? '',
  forwardEmail: r.forwardEmail ?? '', forwardMobile: r.forwardMobile ?? '',
});

function bodyOf(d: RuleDraft): InboxRuleBody {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    title: d.title.trim(), priority: Number(d.priority) || 0, isActive: d.isActive, privateNumberId: d.privateNumberId ? Number(d.privateNumberId) : null,
    senderMobile: text(d.senderMobile), keyword: text(d.keyword), keywordType: text(d.keyword) ? d.keywordType : null, inboxGroupId: d.inboxGroupId ? Number(d.inboxGroupId) : null,
    forwardUrl: text(d.forwardUrl), forwardEmail: text(d.forwardEmail), forwardMobile: text(d.forwardMobile),
  };
}

/**
 * Inbox groups (the spec's: a name) and the rules that file new messages into them and forward
 * them. Rules are tried by priority (then the older first); the first whose conditions all hold wins.
 */
export function InboxGroupsPage() {
  const { api } = useApp();
  const { t } = useTranslation('inbox');
  const digits = useDigits();
  const { data: groups, isLoading, mutate } = useSWR(inboxKeys.groups(), () => inboxApi.groups(api));
  const { data: rules, isLoading: rulesLoading, error: rulesError, mutate: mutateRules } = useSWR(inboxKeys.rules(), () => inboxApi.rules(api, undefined, { quiet: true }), { shouldRetryOnError: false });
  const { data: lines } = useSWR(['inbox-rule-lines'], () => getMyNumbers(api, { sendType: 'Single' }, { quiet: true }), { shouldRetryOnError: false });
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [groupErrors, setGroupErrors] = useState<FieldErrors>({});
  const [rule, setRule] = useState<RuleDraft>(EMPTY_RULE);
  const [ruleErrors, setRuleErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const canManage = !rulesError;

  const groupItems = useMemo(() => (groups ?? []).map((g) => ({ id: String(g.id), title: g.name })), [groups]);
  const lineItems = useMemo(() => (lines ?? []).map((l) => ({ id: String(l.id), title: digits(l.number) })), [lines, digits]);
  const keywordItems = useMemo(() => [{ id: 'Contains', title: t('rules.contains') }, { id: 'StartsWith', title: t('rules.startsWith') }], [t]);
  const labels = { name: t('groups.name'), title: t('rules.title'), keyword: t('rules.keyword'), forwardUrl: t('rules.forwardUrl'), forwardEmail: t('rules.forwardEmail'), forwardMobile: t('rules.forwardMobile'), inboxGroupId: t('rules.group'), privateNumberId: t('rules.line'), senderMobile: t('rules.sender') };

  const saveGroup = async (e: FormEvent) => {
    e.preventDefault();
    setGroupErrors({});
    try {
      if (renaming) await inboxApi.updateGroup(api, { id: renaming.id, name: renaming.name }, { quiet: true });
      else await inboxApi.createGroup(api, { name }, { quiet: true });
      setName('');
      setRenaming(null);
      showToast({ kind: 'success', message: t('groups.saved') });
      await mutate();
    } catch (err) {
      setGroupErrors(errorsOf(err, labels));
    }
  };

  const removeGroup = async (g: InboxGroup) => {
    if (!window.confirm(t('groups.confirmDelete', { name: g.name }))) return;
    await inboxApi.deleteGroup(api, g.id);
    await Promise.all([mutate(), mutateRules()]);
  };

  const saveRule = async (e: FormEvent) => {
    e.preventDefault();
    setRuleErrors({});
    setSaving(true);
    try {
      if (rule.id) await inboxApi.updateRule(api, { id: rule.id, ...bodyOf(rule) }, { quiet: true });
      else await inboxApi.createRule(api, bodyOf(rule), { quiet: true });
      setRule(EMPTY_RULE);
      showToast({ kind: 'success', message: t('rules.saved') });
      await mutateRules();
    } catch (err) {
      setRuleErrors(errorsOf(err, labels));
    } finally {
      setSaving(false);
    }
  };

  const groupColumns = useMemo<DataTableColumn<InboxGroup>[]>(() => [
    { key: 'name', header: t('groups.name'), hideable: false, cell: (g) => <Link to={`/inbox?group=${g.id}`} className="underline" data-testid="inbox-group-name"><bdi>{g.name}</bdi></Link> },
    { key: 'count', header: t('groups.count'), cell: (g) => digits(g.messageCount) },
    {
      key: 'actions', header: t('actions'), hideable: false, cell: (g) => canManage && (
        <span className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={() => setRenaming({ id: g.id, name: g.name })}>{t('groups.rename')}</Button>
          <Button size="sm" variant="ghost" data-testid="inbox-group-delete" onClick={() => { void removeGroup(g); }}>{t('groups.delete')}</Button>
        </span>
      ),
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t, digits, canManage]);

  const forwards = (r: InboxRule) => [r.forwardUrl && t('rules.toUrl'), r.forwardEmail && t('rules.toEmail'), r.forwardMobile && t('rules.toMobile', { n: r.forwardMobile })].filter(Boolean).join('، ');
  const ruleColumns = useMemo<DataTableColumn<InboxRule>[]>(() => [
    { key: 'priority', header: t('rules.priority'), cell: (r) => digits(r.priority) },
    { key: 'title', header: t('rules.title'), hideable: false, cell: (r) => <bdi>{r.title}</bdi> },
    {
      key: 'when', header: t('rules.when'), cell: (r) => [
        r.receiverNumber && `${t('rules.line')}: ${digits(r.receiverNumber)}`, r.senderMobile && `${t('rules.sender')}: ${r.senderMobile}`,
        r.keyword && `${t(r.keywordType === 'StartsWith' ? 'rules.startsWith' : 'rules.contains')} «${r.keyword}»`,
      ].filter(Boolean).join(' · '),
    },
    { key: 'group', header: t('rules.group'), cell: (r) => r.inboxGroupName ?? '—' },
    { key: 'forward', header: t('rules.forward'), cell: (r) => forwards(r) || '—' },
    { key: 'active', header: t('rules.isActive'), cell: (r) => (r.isActive ? t('yes') : t('no')) },
    {
      key: 'actions', header: t('actions'), hideable: false, cell: (r) => (
        <span className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={() => { setRule(draftOf(r)); setRuleErrors({}); }}>{t('rules.edit')}</Button>
          <Button size="sm" variant="ghost" onClick={() => { if (window.confirm(t('rules.confirmDelete', { name: r.title }))) void inboxApi.deleteRule(api, r.id).then(() => mutateRules()); }}>{t('rules.delete')}</Button>
        </span>
      ),
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t, digits]);

  const set = (patch: Partial<RuleDraft>) => setRule((r) => ({ ...r, ...patch }));
  return (
    <section data-testid="inbox-groups-page">
      <PageHeader title={t('groups.title')} subtitle={t('groups.subtitle')} actions={<Link to="/inbox" className="text-sm text-sky-700 underline">{t('title')}</Link>} />
      {canManage && (
        <form className="mb-3 flex flex-wrap items-end gap-3" onSubmit={(e) => { void saveGroup(e); }} data-testid="inbox-group-form">
          <TextField id="inbox-group-name" data-testid="inbox-group-name-input" label={renaming ? t('groups.newName') : t('groups.name')} maxLength={100} required
            value={renaming ? renaming.name : name} error={groupErrors.name} onChange={(e) => (renaming ? setRenaming({ ...renaming, name: e.target.value }) : setName(e.target.value))} />
          <Button type="submit" size="sm" data-testid="inbox-group-save">{renaming ? t('save') : t('groups.add')}</Button>
          {renaming && <Button type="button" variant="secondary" size="sm" onClick={() => setRenaming(null)}>{t('cancel')}</Button>}
          <ErrorSummary errors={{ '': groupErrors[''] ?? '' }} />
        </form>
      )}
      <DataTable columns={groupColumns} rows={groups} rowKey={(g) => g.id} loading={isLoading} emptyText={t('groups.empty')} emptyDescription={t('groups.emptyHint')} caption={t('groups.title')}
        pageIndex={0} pageSize={Math.max(1, groups?.length ?? 1)} totalCount={groups?.length ?? 0} onPageChange={() => undefined} data-testid="inbox-groups-table" />

      <h2 className="mt-6 text-lg font-semibold">{t('rules.heading')}</h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('rules.order')}</p>
      {!canManage ? <p className="text-sm" data-testid="inbox-rules-admin-only">{t('rules.adminOnly')}</p> : (
        <>
          <DataTable columns={ruleColumns} rows={rules} rowKey={(r) => r.id} loading={rulesLoading} emptyText={t('rules.empty')} caption={t('rules.heading')}
            pageIndex={0} pageSize={Math.max(1, rules?.length ?? 1)} totalCount={rules?.length ?? 0} onPageChange={() => undefined} data-testid="inbox-rules-table" />
          <form className="mt-4" onSubmit={(e) => { void saveRule(e); }} data-testid="inbox-rule-form" noValidate>
            <FormSection title={rule.id ? t('rules.editTitle') : t('rules.addTitle')}>
              <div className="grid gap-3 md:grid-cols-3">
                <TextField id="rule-title" data-testid="rule-title" label={t('rules.title')} required maxLength={100} value={rule.title} error={ruleErrors.title} onChange={(e) => set({ title: e.target.value })} />
                <TextField id="rule-priority" data-testid="rule-priority" label={t('rules.priority')} hint={t('rules.priorityHint')} inputMode="numeric" dir="ltr" value={rule.priority} error={ruleErrors.priority} onChange={(e) => set({ priority: e.target.value.replace(/[^\d۰-۹]/g, '') })} />
                <CheckboxField id="rule-active" label={t('rules.isActive')} checked={rule.isActive} onCheckedChange={(v) => set({ isActive: v })} />
                <Select id="rule-line" data-testid="rule-line" label={t('rules.line')} items={lineItems} value={rule.privateNumberId} error={ruleErrors.privateNumberId} onChange={(v) => set({ privateNumberId: v === null ? '' : String(v) })} />
                <TextField id="rule-sender" data-testid="rule-sender" label={t('rules.sender')} dir="ltr" inputMode="tel" maxLength={40} value={rule.senderMobile} error={ruleErrors.senderMobile} onChange={(e) => set({ senderMobile: e.target.value })} />
                <div className="flex gap-2">
                  <div className="w-36"><Select id="rule-keyword-type" data-testid="rule-keyword-type" label={t('rules.keywordType')} items={keywordItems} value={rule.keywordType} optimalSearch={false} clearable={false} onChange={(v) => set({ keywordType: (v as RuleDraft['keywordType']) ?? 'Contains' })} /></div>
                  <TextField id="rule-keyword" data-testid="rule-keyword" label={t('rules.keyword')} maxLength={100} value={rule.keyword} error={ruleErrors.keyword} onChange={(e) => set({ keyword: e.target.value })} />
                </div>
                <Select id="rule-group" data-testid="rule-group" label={t('rules.group')} items={groupItems} value={rule.inboxGroupId} error={ruleErrors.inboxGroupId} onChange={(v) => set({ inboxGroupId: v === null ? '' : String(v) })} />
                <TextField id="rule-url" data-testid="rule-url" label={t('rules.forwardUrl')} hint={t('rules.forwardUrlHint')} dir="ltr" maxLength={500} value={rule.forwardUrl} error={ruleErrors.forwardUrl} onChange={(e) => set({ forwardUrl: e.target.value })} />
                <TextField id="rule-email" data-testid="rule-email" label={t('rules.forwardEmail')} hint={t('rules.forwardEmailHint')} dir="ltr" type="email" maxLength={254} value={rule.forwardEmail} error={ruleErrors.forwardEmail} onChange={(e) => set({ forwardEmail: e.target.value })} />
                <TextField id="rule-mobile" data-testid="rule-mobile" label={t('rules.forwardMobile')} hint={t('rules.forwardMobileHint')} dir="ltr" inputMode="tel" maxLength={20} value={rule.forwardMobile} error={ruleErrors.forwardMobile} onChange={(e) => set({ forwardMobile: e.target.value })} />
              </div>
              <ErrorSummary errors={{ '': ruleErrors[''] ?? '' }} />
              <div className="mt-3 flex gap-2">
                <Button type="submit" loading={saving} data-testid="rule-save">{t('save')}</Button>
                {rule.id && <Button type="button" variant="secondary" onClick={() => { setRule(EMPTY_RULE); setRuleErrors({}); }}>{t('cancel')}</Button>}
              </div>
            </FormSection>
          </form>
        </>
      )}
    </section>
  );
}
