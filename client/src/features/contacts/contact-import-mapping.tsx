import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { inputClass } from '../../shared/ui/form/field-frame';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import type { CustomField } from './contacts-api';
import { choiceOfColumn, chooseColumn, columnLetter, CONTACT_COLUMNS, phonebookFilesApi, type ColumnChoice, type PhonebookFile, type UploadedFile } from './contact-import-api';

/**
 * The column mapping of an uploaded file: its first rows as a table, and above each column a
 * choice of what it holds (a contact field, a custom field, or nothing), starting from the
 * server's guess; whether the first row is titles; whether numbers the phonebook has are updated.
 */
export function ImportMapping({ file, fields, onStarted, onCancel }: {
  file: UploadedFile; fields: readonly CustomField[]; onStarted(f: PhonebookFile): void; onCancel(): void;
}) {
  const { api } = useApp();
  const { t, i18n } = useTranslation('contactImport');
  const digits = useDigits();
  const persian = i18n.language.toLowerCase().includes('fa');
  const [choice, setChoice] = useState<ColumnChoice>({ mapping: file.suggested.mapping, fields: file.suggested.fields });
  const [hasHeaderRow, setHasHeaderRow] = useState(file.suggested.hasHeaderRow);
  const [updateExisting, setUpdateExisting] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const columns = Array.from({ length: file.columnCount }, (_, i) => i);
  const titles = hasHeaderRow ? file.preview[0] ?? [] : [];
  const rows = hasHeaderRow ? file.preview.slice(1) : file.preview;

  const start = async () => {
    if (choice.mapping.cellphone === undefined) { setErrors({ 'mapping.cellphone': t('mapping.mobileRequired') }); return; }
    setBusy(true);
    try {
      const started = await phonebookFilesApi.start(api, { id: file.id, hasHeaderRow, updateExisting, mapping: choice.mapping, fields: choice.fields }, { quiet: true });
      onStarted(started);
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <section className="mb-6 rounded border border-slate-200 p-4 dark:border-slate-700" aria-labelledby="import-mapping-title" data-testid="import-mapping">
      <h2 id="import-mapping-title" className="mb-1 text-lg font-semibold">{t('mapping.title', { name: file.fileName })}</h2>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{t('mapping.intro')}</p>
      <ErrorSummary errors={errors} testId="import-mapping-errors" />
      <div className="overflow-x-auto">
        <table className="min-w-full border-collapse text-sm" data-testid="import-preview">
          <caption className="sr-only">{t('mapping.previewCaption')}</caption>
          <thead>
            <tr>
              {columns.map((i) => {
                const id = `import-column-${i}`;
                const label = t('mapping.column', { letter: columnLetter(i) });
                return (
                  <th key={i} scope="col" className="min-w-[10rem] border-b border-slate-200 p-2 text-start align-bottom font-normal dark:border-slate-700">
                    <label htmlFor={id} className="mb-1 block text-xs font-semibold">{label}{titles[i] ? <> · <UserText>{titles[i]}</UserText></> : null}</label>
                    <select id={id} data-testid={id} className={inputClass(false)} value={choiceOfColumn(choice, i)}
                      onChange={(e) => { setChoice((c) => chooseColumn(c, i, e.target.value)); setErrors({}); }}>
                      <option value="">{t('mapping.skip')}</option>
                      <optgroup label={t('mapping.contactFields')}>
                        {CONTACT_COLUMNS.map((c) => <option key={c} value={c}>{t(`contacts:contact.fields.${c}`)}</option>)}
                      </optgroup>
                      {fields.length > 0 && (
                        <optgroup label={t('mapping.customFields')}>
                          {fields.map((f) => <option key={f.id} value={`field:${f.id}`}>{persian ? f.nameFa : f.nameEn}</option>)}
                        </optgroup>
                      )}
                    </select>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r} className="border-b border-slate-100 dark:border-slate-800" data-testid="import-preview-row">
                {columns.map((i) => <td key={i} className="max-w-[16rem] truncate p-2" dir="auto"><UserText>{row[i] ?? ''}</UserText></td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t('mapping.rowsShown', { n: digits(file.preview.length) })}</p>
      <div className="mt-3 flex flex-col gap-2">
        <CheckboxField id="import-has-header" data-testid="import-has-header" label={t('mapping.hasHeaderRow')} checked={hasHeaderRow} onCheckedChange={setHasHeaderRow} />
        <CheckboxField id="import-update-existing" data-testid="import-update-existing" label={t('mapping.updateExisting')} hint={t('mapping.updateExistingHint')}
          checked={updateExisting} onCheckedChange={setUpdateExisting} />
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} data-testid="import-mapping-cancel">{t('mapping.cancel')}</Button>
        <Button loading={busy} onClick={() => void start()} data-testid="import-start">{t('mapping.start')}</Button>
      </div>
    </section>
  );
}
