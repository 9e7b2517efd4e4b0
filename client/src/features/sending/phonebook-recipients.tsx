import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { Select } from '../../shared/ui/select/select';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import type { FieldErrors } from '../admin-common/kit';
import { sendingApi, sendingKeys, type PhonebookChoice } from './sending-api';

/** The phonebook choice of the bulk screen: which phonebooks, the 'From index' / 'Number' range, a filter. */
export interface PhonebookRecipients {
  books: PhonebookChoice[];
  fromIndex: string;
  number: string;
  filterField: string;
  filterValue: string;
  /** A dynamic send: the text is a template each contact fills (`CreateDynamicScheduledMessage`). */
  dynamic: boolean;
}

export const NO_PHONEBOOKS: PhonebookRecipients = { books: [], fromIndex: '', number: '', filterField: '', filterValue: '', dynamic: false };

/** The contact's own fields the server filters on (its PHONEBOOK_FILTER_FIELDS). */
const OWN_FIELDS = ['firstName', 'lastName', 'phonebookGroup', 'job', 'email', 'address', 'telephone'] as const;
/** The contact's own fields a dynamic template may name (the server's DYNAMIC_CONTACT_FIELDS, most used first). */
const TEMPLATE_FIELDS = ['firstName', 'lastName', 'cellphone', 'phonebookGroup', 'job', 'email', 'address', 'telephone', 'birthdate'] as const;

const useCustomFields = () => {
  const { api } = useApp();
  return useSWR(sendingKeys.phonebookFields(), () => sendingApi.customFields(api));
};

/**
 * The placeholders of a dynamic template as buttons: a click puts `{name}` into the text. The
 * syntax (the server's): `{name}` of a contact field or a custom field's English name; `{{` and
 * `}}` are literal braces; an empty field is empty text.
 */
export function TemplateFields({ onInsert }: { onInsert(placeholder: string): void }) {
  const { t } = useTranslation('sending');
  const { data: fields } = useCustomFields();
  const names = [...TEMPLATE_FIELDS.map((f) => ({ key: f, title: t(`phonebook.fields.${f}`) })), ...(fields?.items ?? []).map((f) => ({ key: f.nameEn, title: f.nameFa }))];
  return (
    <div className="mt-1" data-testid="send-template-fields">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('phonebook.templateHint', { open: '{{', close: '}}' })}</p>
      <div className="mt-1 flex flex-wrap gap-1">
        {names.map((n) => (
          <button key={n.key} type="button" className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-700"
            data-testid={`send-template-field-${n.key}`} onClick={() => onInsert(`{${n.key}}`)}>
            <UserText>{n.title}</UserText> <span dir="ltr">{`{${n.key}}`}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

const int = (v: string): number | null => {
  const n = Number(toLatinDigits(v.trim()));
  return v.trim() === '' || !Number.isFinite(n) ? null : n;
};

/** The request fields of `CreateScheduledMessageByPhonebook`. */
export function phonebookBody(p: PhonebookRecipients) {
  return {
    phonebookIds: p.books.map((b) => b.id),
    fromIndex: int(p.fromIndex),
    number: int(p.number),
    filterField: p.filterField || null,
    filterValue: p.filterField ? p.filterValue : null,
  };
}

interface Props {
  value: PhonebookRecipients;
  onChange(next: PhonebookRecipients): void;
  errors: FieldErrors;
  /** Ties the recipients' error to the picker (a failed submit focuses it). */
  invalid: Record<string, unknown>;
  /** The screen decides the text itself (a saved pattern's send): no dynamic choice here. */
  hideDynamic?: boolean;
}

export function PhonebookRecipientsPicker({ value, onChange, errors, invalid, hideDynamic = false }: Props) {
  const { api } = useApp();
  const { t } = useTranslation('sending');
  const digits = useDigits();
  const [picked, setPicked] = useState<number | null>(null);
  const { data: books, isLoading } = useSWR(sendingKeys.phonebooks(), () => sendingApi.phonebooks(api));
  const { data: fields } = useCustomFields();
  const items = useMemo(() => (books ?? []).filter((b) => !value.books.some((x) => x.id === b.id)), [books, value.books]);
  const fieldItems = useMemo(() => [
    ...OWN_FIELDS.map((f) => ({ id: f, title: t(`phonebook.fields.${f}`) })),
    ...(fields?.items ?? []).map((f) => ({ id: f.nameEn, title: `${f.nameFa} (${f.nameEn})` })),
  ], [fields, t]);
  const total = value.books.reduce((n, b) => n + b.contactsCount, 0);
  const set = (patch: Partial<PhonebookRecipients>) => onChange({ ...value, ...patch });

  return (
    <div className="grid gap-3" data-testid="send-phonebook">
      {!hideDynamic && <CheckboxField id="send-dynamic" data-testid="send-dynamic" label={t('phonebook.dynamic')} hint={t('phonebook.dynamicHint')}
        checked={value.dynamic} onCheckedChange={(dynamic) => set({ dynamic })} />}
      <Select id="send-phonebook-pick" data-testid="send-phonebook-pick" label={t('phonebook.pick')} items={items} value={picked} loading={isLoading}
        hint={!isLoading && books?.length === 0 ? t('phonebook.none') : undefined} {...invalid}
        renderOption={(b) => <span><UserText>{b.title}</UserText> <span className="text-xs text-slate-600 dark:text-slate-300">({digits(b.contactsCount)})</span></span>}
        onChange={(v, item) => {
          setPicked(null);
          if (v !== null && item) set({ books: [...value.books, item] });
        }} />
      <ul className="flex flex-wrap gap-2" data-testid="send-phonebook-list">
        {value.books.map((b) => (
          <li key={b.id} className="flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-sm dark:bg-slate-700" data-testid="send-phonebook-item">
            <UserText>{b.title}</UserText> <span className="text-xs">({digits(b.contactsCount)})</span>
            <button type="button" aria-label={t('remove')} className="text-red-700" onClick={() => set({ books: value.books.filter((x) => x.id !== b.id) })}>×</button>
          </li>
        ))}
      </ul>
      <p className="text-sm" data-testid="send-phonebook-total" data-count={total}>{t('phonebook.total', { n: digits(total) })}</p>
      <div className="flex flex-wrap gap-3">
        <TextField id="send-from-index" data-testid="send-from-index" label={t('phonebook.fromIndex')} value={value.fromIndex} dir="ltr" inputMode="numeric"
          hint={t('phonebook.fromIndexHint')} error={errors.fromIndex} onChange={(e) => set({ fromIndex: e.target.value })} />
        <TextField id="send-number" data-testid="send-number" label={t('phonebook.number')} value={value.number} dir="ltr" inputMode="numeric"
          hint={t('phonebook.numberHint')} error={errors.number} onChange={(e) => set({ number: e.target.value })} />
      </div>
      <div className="flex flex-wrap gap-3">
        <Select id="send-filter-field" data-testid="send-filter-field" label={t('phonebook.filterField')} items={fieldItems} value={value.filterField || null} clearable
          error={errors.filterField} onChange={(v) => set({ filterField: v === null ? '' : String(v) })} />
        {value.filterField && (
          <TextField id="send-filter-value" data-testid="send-filter-value" label={t('phonebook.filterValue')} value={value.filterValue}
            hint={t('phonebook.filterHint')} error={errors.filterValue} onChange={(e) => set({ filterValue: e.target.value })} />
        )}
      </div>
    </div>
  );
}
