import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { AreaMap } from '../../shared/map/area-map';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { EmptyState } from '../../shared/ui/empty-state';
import { FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { PageHeader } from '../../shared/ui/page-header';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { errorsOf, ErrorSummary, type FieldErrors } from '../admin-common/kit';
import type { GeoArea } from '../../../../server/shared/targeting/geo-areas';
import { PLACE_CATEGORIES, placesApi, placesKeys, type Place, type PlaceCategory, type PlaceInput } from './places-api';

interface Draft { id: number | null; name: string; category: PlaceCategory; cityName: string; provinceName: string; parentName: string; isActive: boolean; area: GeoArea | null }

const emptyDraft = (category: PlaceCategory = 'Mosques'): Draft => ({ id: null, name: '', category, cityName: '', provinceName: '', parentName: '', isActive: true, area: null });

/** km² with one decimal, from the server's square metres. */
const km2 = (m2: number) => Math.round(m2 / 100_000) / 10;

/**
 * Places on the map: "My places" (the caller's personal places) and, for system administrators,
 * "Public places" by category. One page, two modes: the same drawing, list, edit and delete.
 */
export function PlacesPage({ isPublic }: { isPublic: boolean }) {
  const { api } = useApp();
  const { t } = useTranslation('smart');
  const digits = useDigits();
  const [category, setCategory] = useState<PlaceCategory | ''>('');
  const [draft, setDraft] = useState<Draft>(emptyDraft());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<Place | null>(null);
  const key = isPublic ? placesKeys.public(category) : placesKeys.mine();
  const { data: places, mutate, isLoading } = useSWR(key, () => (isPublic ? placesApi.public(api, category ? { category } : {}) : placesApi.mine(api)));
  const ns = isPublic ? 'publicPlaces' : 'places';
  const labels = { name: t('place.name'), coordinates: t('place.area'), category: t('place.category'), cityName: t('place.city'), provinceName: t('place.province'), parentName: t('place.parent') };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft.area) { setErrors({ coordinates: t('place.noArea') }); return; }
    setSaving(true);
    setErrors({});
    const body: PlaceInput = {
      name: draft.name, coordinates: draft.area, cityName: draft.cityName || null, provinceName: draft.provinceName || null,
      parentName: draft.parentName || null, isActive: draft.isActive, ...(isPublic ? { category: draft.category } : {}),
    };
    try {
      if (draft.id) await (isPublic ? placesApi.updatePublic : placesApi.updateMine)(api, { ...body, id: draft.id }, { quiet: true });
      else await (isPublic ? placesApi.createPublic : placesApi.createMine)(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('place.saved', { name: isolateText(draft.name) }) });
      setDraft(emptyDraft(draft.category));
      void mutate();
    } catch (err) {
      setErrors(errorsOf(err, labels));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await (isPublic ? placesApi.deletePublic : placesApi.deleteMine)(api, deleting.id);
      if (draft.id === deleting.id) setDraft(emptyDraft(draft.category));
      void mutate();
    } finally {
      setDeleting(null);
    }
  };

  const edit = (p: Place) => {
    setErrors({});
    setDraft({
      id: p.id, name: p.name, category: (p.category as PlaceCategory | null) ?? 'Mosques', cityName: p.cityName ?? '', provinceName: p.provinceName ?? '',
      parentName: p.parentName ?? '', isActive: p.isActive, area: p.coordinates,
    });
  };

  const overlays = (places ?? []).filter((p) => p.id !== draft.id).map((p) => ({ area: p.coordinates, label: p.name }));

  return (
    <div data-testid={isPublic ? 'public-places-page' : 'places-page'}>
      <PageHeader title={t(`${ns}.title`)} subtitle={t(`${ns}.subtitle`)} />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <AreaMap areas={draft.area ? [draft.area] : []} onAreasChange={(areas) => setDraft((d) => ({ ...d, area: areas[areas.length - 1] ?? null }))}
          maxAreas={1} overlays={overlays} testId="places-map" />
        <form onSubmit={(e) => void save(e)} noValidate data-testid="place-form" className="space-y-3">
          <h2 className="text-lg font-semibold">{draft.id ? t('place.editTitle') : t('place.newTitle')}</h2>
          <ErrorSummary errors={errors} />
          <FieldFrame id="place-name" label={labels.name} required errorText={errors.name ?? null}>
            <input id="place-name" className={inputClass(!!errors.name)} value={draft.name} maxLength={200} required
              onChange={(e) => setDraft({ ...draft, name: e.target.value })} data-testid="place-name" />
          </FieldFrame>
          {isPublic && (
            <FieldFrame id="place-category" label={labels.category} required errorText={errors.category ?? null}>
              <select id="place-category" className={inputClass(!!errors.category)} value={draft.category}
                onChange={(e) => setDraft({ ...draft, category: e.target.value as PlaceCategory })} data-testid="place-category">
                {PLACE_CATEGORIES.map((c) => <option key={c} value={c}>{t(`categories.${c}`)}</option>)}
              </select>
            </FieldFrame>
          )}
          <FieldFrame id="place-province" label={labels.provinceName} errorText={errors.provinceName ?? null}>
            <input id="place-province" className={inputClass(!!errors.provinceName)} value={draft.provinceName} maxLength={100}
              onChange={(e) => setDraft({ ...draft, provinceName: e.target.value })} />
          </FieldFrame>
          <FieldFrame id="place-city" label={labels.cityName} errorText={errors.cityName ?? null}>
            <input id="place-city" className={inputClass(!!errors.cityName)} value={draft.cityName} maxLength={100}
              onChange={(e) => setDraft({ ...draft, cityName: e.target.value })} />
          </FieldFrame>
          <FieldFrame id="place-parent" label={labels.parentName} hint={t('place.parentHint')} errorText={errors.parentName ?? null}>
            <input id="place-parent" className={inputClass(!!errors.parentName)} value={draft.parentName} maxLength={200}
              onChange={(e) => setDraft({ ...draft, parentName: e.target.value })} />
          </FieldFrame>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={draft.isActive} onChange={(e) => setDraft({ ...draft, isActive: e.target.checked })} data-testid="place-active" />
            {t('place.isActive')}
          </label>
          <p className="text-sm" data-testid="place-area-state" aria-live="polite" data-type={draft.area?.type ?? ''}>
            {draft.area ? t('place.areaDrawn', { type: t(`geometry.${draft.area.type}`) }) : t('place.noArea')}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={saving} data-testid="place-save">{t('place.save')}</Button>
            {draft.area && <Button variant="secondary" onClick={() => setDraft({ ...draft, area: null })} data-testid="place-clear-area">{t('place.clearArea')}</Button>}
            {(draft.id || draft.name) && <Button variant="ghost" onClick={() => { setDraft(emptyDraft(draft.category)); setErrors({}); }}>{t('place.newTitle')}</Button>}
          </div>
        </form>
      </div>

      <section className="mt-8" aria-labelledby="places-list-title">
        <div className="mb-2 flex flex-wrap items-end gap-3">
          <h2 id="places-list-title" className="text-lg font-semibold">{t(`${ns}.list`)}</h2>
          {isPublic && (
            <label className="text-sm">
              <span className="me-2">{labels.category}</span>
              <select className={inputClass(false)} value={category} onChange={(e) => setCategory(e.target.value as PlaceCategory | '')} data-testid="places-category-filter">
                <option value="">{t('categories.all')}</option>
                {PLACE_CATEGORIES.map((c) => <option key={c} value={c}>{t(`categories.${c}`)}</option>)}
              </select>
            </label>
          )}
        </div>
        {isLoading && <p className="text-sm" role="status">{t('loading')}</p>}
        {places && places.length === 0 && <EmptyState title={t(`${ns}.empty`)} />}
        {places && places.length > 0 && (
          <table className="w-full text-sm" data-testid="places-list">
            <thead>
              <tr>
                <th className="text-start">{labels.name}</th>
                {isPublic && <th className="text-start">{labels.category}</th>}
                <th className="text-start">{t('place.shape')}</th>
                <th className="text-start">{t('place.size')}</th>
                <th className="text-start">{t('place.isActive')}</th>
                <th className="text-start">{t('place.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {places.map((p) => (
                <tr key={p.id} className="border-t border-gray-200 dark:border-gray-700" data-testid="place-row" data-type={p.geometryType}>
                  <td className="py-1.5"><UserText>{p.name}</UserText>{p.cityName && <span className="block text-xs text-slate-600 dark:text-slate-400"><UserText>{p.cityName}</UserText></span>}</td>
                  {isPublic && <td>{p.category ? t(`categories.${p.category}`) : ''}</td>}
                  <td>{t(`geometry.${p.geometryType}`)}</td>
                  <td className="tabular-nums">{t('place.km2', { n: digits(km2(p.areaSquareMeters)) })}</td>
                  <td>{p.isActive ? t('yes') : t('no')}</td>
                  <td className="space-x-2 rtl:space-x-reverse">
                    <Button size="sm" variant="secondary" onClick={() => edit(p)} aria-label={t('place.editNamed', { name: p.name })}>{t('place.edit')}</Button>
                    <Button size="sm" variant="danger" onClick={() => setDeleting(p)} aria-label={t('place.deleteNamed', { name: p.name })} data-testid="place-delete">{t('place.delete')}</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <ConfirmDialog open={!!deleting} danger data-testid="place-delete-dialog" message={deleting ? t('place.confirmDelete', { name: isolateText(deleting.name) }) : ''}
        onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </div>
  );
}

export const MyPlacesPage = () => <PlacesPage isPublic={false} />;
export const PublicPlacesPage = () => <PlacesPage isPublic />;
