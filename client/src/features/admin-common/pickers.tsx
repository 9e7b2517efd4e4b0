/**
 * Entity pickers of the administration screens: the select search over the server's own lists
 * (Organizations/GetAll, Users/GetAll, Tariffs/GetAll, PrivateNumbers/GetAll with `search`), so an
 * organization, user, tariff or line is chosen by its name, never by a typed id.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import type { Page } from '../../shared/api/api-client';
import type { FieldError } from '../../shared/ui/form/field-error';
import { SELECT_TIMING } from '../../shared/ui/select/select-logic';
import { ServerSelect } from '../../shared/ui/select/server-select';
import { useDigits } from '../../shared/ui/use-digits';
import { UserText } from '../../shared/ui/user-text';

/** How many items a typed search asks for (the first page stays the spec's 10). */
const SEARCH_PAGE_SIZE = 20;

export interface PickerProps<T> {
  id: string;
  'data-testid'?: string;
  label?: string;
  placeholder?: string;
  hint?: string;
  error?: FieldError;
  required?: boolean;
  disabled?: boolean;
  clearable?: boolean;
  className?: string;
  value: number | null;
  onChange: (id: number | null, item: T | null) => void;
  /** The first page is loaded again when this changes (the list it comes from was edited). */
  reloadKey?: string | number;
}

export interface PickedOrganization { id: number; name: string; organName?: string | null; type?: string; title: string; detail: string }
export interface PickedUser { id: number; userName: string; organizationId: number; organizationName?: string | null; title: string; detail: string }
export interface PickedTariff { id: number; title: string; category?: string | null; detail: string }
export interface PickedLine { id: number; number: string; title: string; detail: string }
export interface PickedForm { id: number; title: string; detail: string }

/** Title over a smaller second line (the user name and organization, the category, the agent). */
function TwoLines({ item }: { item: { title: string; detail: string } }) {
  return (
    <span className="flex flex-col">
      <UserText>{item.title}</UserText>
      {item.detail && <span className="text-xs text-slate-600 dark:text-slate-300"><UserText>{item.detail}</UserText></span>}
    </span>
  );
}

const first = { pageIndex: 0, pageSize: SELECT_TIMING.firstPageSize };
const searched = (query: string) => (query ? { pageIndex: 0, pageSize: SEARCH_PAGE_SIZE, search: query } : first);
const idOf = (v: number | string | null): number | null => (v === null ? null : Number(v));

function usePickerCalls<Raw, T>(path: string, filter: Record<string, string | number | boolean | undefined>, shape: (raw: Raw) => T) {
  const { api } = useApp();
  const { i18n } = useTranslation();
  const filterKey = JSON.stringify(filter);
  const load = useCallback(
    async (query: string) => (await api.get<Page<Raw>>(`${path}/GetAll`, { query: { ...JSON.parse(filterKey), ...searched(query) }, quiet: true })).items.map(shape),
    [api, path, filterKey, shape],
  );
  const resolve = useCallback(
    async (value: string | number) => shape(await api.get<Raw>(`${path}/Get/${value}`, { quiet: true })),
    [api, path, shape],
  );
  // Titles carry the language's digits: a new language loads the first page again.
  return { load, resolve, scope: `${filterKey}|${i18n.language}` };
}

interface RawOrganization { id: number; name: string; organName?: string | null; type?: string }

/** An organization of the caller's tree, found by name, organ name, national id or CEO; `type` and `parentId` narrow the list. */
export function OrganizationPicker({ value, onChange, reloadKey, type, parentId, 'data-testid': testId, ...rest }: PickerProps<PickedOrganization> & { type?: 'reseller' | 'organization'; parentId?: number | null }) {
  const { t } = useTranslation('pickers');
  const shape = useCallback((o: RawOrganization): PickedOrganization => ({
    ...o, title: o.name, detail: o.organName || (o.type ? t(`organizationTypes.${o.type}`, { defaultValue: '' }) : ''),
  }), [t]);
  const calls = usePickerCalls('/Organizations', { type, parentId: parentId ?? undefined }, shape);
  return (
    <ServerSelect<PickedOrganization> {...rest} {...calls} scope={`${calls.scope}|${reloadKey ?? ''}`} data-testid={testId} value={value} placeholder={rest.placeholder ?? t('organizationPlaceholder')}
      renderOption={(item) => <TwoLines item={item} />} onChange={(v, item) => onChange(idOf(v), item)} />
  );
}

interface RawUser { id: number; userName: string; firstName?: string | null; lastName?: string | null; organizationId: number; organizationName?: string | null }

/** A user, found by user name, name, mobile or email; `organizationId` keeps the list to one organization. */
export function UserPicker({ value, onChange, organizationId, reloadKey, 'data-testid': testId, ...rest }: PickerProps<PickedUser> & { organizationId?: number | null }) {
  const { t } = useTranslation('pickers');
  const shape = useCallback((u: RawUser): PickedUser => {
    const name = [u.firstName, u.lastName].filter(Boolean).join(' ');
    return { ...u, title: name ? `${name} (${u.userName})` : u.userName, detail: u.organizationName ?? '' };
  }, []);
  const calls = usePickerCalls('/Users', { organizationId: organizationId ?? undefined }, shape);
  return (
    <ServerSelect<PickedUser> {...rest} {...calls} scope={`${calls.scope}|${reloadKey ?? ''}`} data-testid={testId} value={value} placeholder={rest.placeholder ?? t('userPlaceholder')}
      renderOption={(item) => <TwoLines item={item} />} onChange={(v, item) => onChange(idOf(v), item)} />
  );
}

interface RawTariff { id: number; title: string; category?: string | null }

/** A tariff the caller manages, found by title. */
export function TariffPicker({ value, onChange, reloadKey, 'data-testid': testId, ...rest }: PickerProps<PickedTariff>) {
  const { t } = useTranslation('pickers');
  const shape = useCallback((r: RawTariff): PickedTariff => ({ ...r, detail: r.category ?? '' }), []);
  const calls = usePickerCalls('/Tariffs', {}, shape);
  return (
    <ServerSelect<PickedTariff> {...rest} {...calls} scope={`${calls.scope}|${reloadKey ?? ''}`} data-testid={testId} value={value} placeholder={rest.placeholder ?? t('tariffPlaceholder')}
      renderOption={(item) => <TwoLines item={item} />} onChange={(v, item) => onChange(idOf(v), item)} />
  );
}

interface RawLine { id: number; number: string; mask?: string | null; tag?: string | null; smsSenderAgentName?: string | null }

/** A line (private number), found by number, sender name or tag; shown with Persian digits in Persian. */
export function LinePicker({ value, onChange, organizationId, reloadKey, 'data-testid': testId, ...rest }: PickerProps<PickedLine> & { organizationId?: number | null }) {
  const { t } = useTranslation('pickers');
  const digits = useDigits();
  const shape = useCallback((l: RawLine): PickedLine => ({
    id: l.id, number: l.number,
    title: l.mask ? `${digits(l.number)} (${l.mask})` : digits(l.number),
    detail: [l.smsSenderAgentName, l.tag].filter(Boolean).join(' · '),
  }), [digits]);
  const calls = usePickerCalls('/PrivateNumbers', { organizationId: organizationId ?? undefined }, shape);
  return (
    <ServerSelect<PickedLine> {...rest} {...calls} scope={`${calls.scope}|${reloadKey ?? ''}`} data-testid={testId} value={value} placeholder={rest.placeholder ?? t('linePlaceholder')}
      renderOption={(item) => <TwoLines item={item} />} onChange={(v, item) => onChange(idOf(v), item)} />
  );
}

interface RawForm { id: number; title: string; isPublished?: boolean }

/** A form of the form builder (Forms/GetAll), found by its title; the detail says whether it is published. */
export function FormPicker({ value, onChange, reloadKey, 'data-testid': testId, ...rest }: PickerProps<PickedForm>) {
  const { t } = useTranslation('pickers');
  const shape = useCallback((f: RawForm): PickedForm => ({ id: f.id, title: f.title, detail: f.isPublished === false ? t('formUnpublished') : '' }), [t]);
  const calls = usePickerCalls('/Forms', {}, shape);
  return (
    <ServerSelect<PickedForm> {...rest} {...calls} scope={`${calls.scope}|${reloadKey ?? ''}`} data-testid={testId} value={value} placeholder={rest.placeholder ?? t('formPlaceholder')}
      renderOption={(item) => <TwoLines item={item} />} onChange={(v, item) => onChange(idOf(v), item)} />
  );
}
