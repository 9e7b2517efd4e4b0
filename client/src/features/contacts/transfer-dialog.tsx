import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { Select } from '../../shared/ui/select/select';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { contactsApi, contactsKeys, phonebooksApi, type ContactSelection, type Phonebook } from './contacts-api';

/**
 * Move or copy the chosen contacts into another phonebook, picked with the select search (only
 * phonebooks the caller may change). `selection` is the body part naming the contacts: ids, or
 * selectAll with the list's filter.
 */
export function TransferDialog({ kind, source, selection, chosenCount, onClose, onDone }: {
  kind: 'Move' | 'Copy'; source: Phonebook; selection: ContactSelection; chosenCount: number; onClose(): void; onDone(): void;
}) {
  const { api } = useApp();
  const { t } = useTranslation('contacts');
  const digits = useDigits();
  const [target, setTarget] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { data, isLoading } = useSWR(contactsKeys.transferTargets(), () => phonebooksApi.selectList(api, { manageable: true }));
  const items = useMemo(() => (data ?? []).filter((p) => p.id !== source.id), [data, source.id]);

  const run = async () => {
    if (target === null) { setErrors({ targetPhonebookId: t('common.required') }); return; }
    setBusy(true);
    try {
      const body = { phonebookId: source.id, targetPhonebookId: target, ...selection };
      const result = kind === 'Move' ? await contactsApi.move(api, body, { quiet: true }) : await contactsApi.copy(api, body, { quiet: true });
      const done = 'movedCount' in result ? result.movedCount : result.copiedCount;
      showToast({ kind: 'success', message: t(kind === 'Move' ? 'transfer.moved' : 'transfer.copied', { done: digits(done), duplicates: digits(result.duplicateCount) }) });
      onDone();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} title={t(kind === 'Move' ? 'transfer.moveTitle' : 'transfer.copyTitle')} data-testid="transfer-dialog">
      <ErrorSummary errors={errors} testId="transfer-errors" />
      <p className="mb-3 text-sm" data-testid="transfer-chosen">{t('transfer.chosen', { n: digits(chosenCount) })}</p>
      <Select id="transfer-target" data-testid="transfer-target" label={t('transfer.target')} hint={t('transfer.targetHint')} required loading={isLoading}
        items={items} value={target} error={errors.targetPhonebookId}
        renderOption={(p) => <span><UserText>{p.title}</UserText> <span className="text-xs text-slate-600 dark:text-slate-300">({digits(p.contactsCount)} · <UserText>{p.organizationName}</UserText>)</span></span>}
        onChange={(value) => setTarget(value === null ? null : Number(value))} />
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
        <Button loading={busy} onClick={() => void run()} data-testid="transfer-confirm">{t(kind === 'Move' ? 'transfer.move' : 'transfer.copy')}</Button>
      </div>
    </ModalDialog>
  );
}
