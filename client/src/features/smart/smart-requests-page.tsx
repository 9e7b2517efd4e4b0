import { useEffect, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { DateDisplay } from '../../shared/dates/date-display';
import { fetched, useLiveChanges } from '../../shared/live/use-live-changes';
import { AreaMap } from '../../shared/map/area-map';
import { onRealtimeEvent } from '../../shared/realtime/realtime';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { EmptyState } from '../../shared/ui/empty-state';
import { FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { errorsOf, ErrorSummary, FormSection, type FieldErrors } from '../admin-common/kit';
import { useMoney } from '../financial/money';
import type { GeoArea } from '../../../../server/shared/targeting/geo-areas';
import { IRAN_PROVINCES } from '../../../../server/shared/targeting/iran-provinces';
import { PLACE_CATEGORIES, placesApi, placesKeys, type PlaceCategory } from './places-api';
import {
  isSmartProgress, SMART_OPERATORS, SMART_PROGRESS_EVENT, smartRequestsApi, smartRequestsKeys,
  type SmartAudience, type SmartEstimate, type SmartOperator, type SmartProgress, type SmartRequest, type SmartRequestBody, type SmartRequestDetail,
} from './smart-requests-api';

type Operator = SmartOperator;

/** One operator's people in an audience (the estimate's, the shared `SmartAudience` shape). */
const audienceOf = (audience: SmartAudience, operator: Operator): number => audience.perOperator[operator];

interface Form {
  id: number | null;
  requestName: string;
  text: string;
  operator: Operator | '';
  areas: GeoArea[];
  residenceState: boolean;
  joberState: boolean;
  travellerState: boolean;
  provinces: string[];
  ageFrom: string;
  ageTo: string;
  gender: 'All' | 'Man' | 'Woman';
  deviceType: string;
  brand: string;
  model: string;
  /** Comma- or space-separated, as typed. */
  mobilePrefix: string;
  smartRequestType: 'Area' | 'CellList';
  cellList: string;
  /** '' = the installation's default BTS line. */
  senderAgentId: string;
  grayListExpireHour: string;
  maxSendCount: string;
  maxDailySendCount: string;
  sendCountType: 'Count' | 'Percentage';
  count: string;
  startDatetime: string | null;
  endDatetime: string | null;
}

/** A presence window of 30 minutes from the next whole minute (the spec's maximum is one hour). */
function freshForm(): Form {
  const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000);
  return {
    id: null, requestName: '', text: '', operator: '', areas: [], residenceState: true, joberState: false, travellerState: false, provinces: [],
    ageFrom: '', ageTo: '', gender: 'All', deviceType: '', brand: '', model: '', mobilePrefix: '', smartRequestType: 'Area', cellList: '',
    senderAgentId: '', grayListExpireHour: '', maxSendCount: '', maxDailySendCount: '', sendCountType: 'Count', count: '',
    startDatetime: start.toISOString(), endDatetime: new Date(start.getTime() + 30 * 60_000).toISOString(),
  };
}

const intOrNull = (v: string): number | null => {
  const n = Number(toLatinDigits(v.trim()));
  return v.trim() && Number.isInteger(n) ? n : null;
};

const listOf = (v: string): string[] => [...new Set(toLatinDigits(v).split(/[\s,،]+/).filter(Boolean))];

function bodyOf(f: Form): SmartRequestBody {
  const count = intOrNull(f.count);
  const agent = intOrNull(f.senderAgentId);
  return {
    requestName: f.requestName, text: f.text, operator: f.operator || null, areas: f.smartRequestType === 'Area' ? f.areas : [],
    residenceState: f.residenceState, joberState: f.joberState, travellerState: f.travellerState, provinces: f.provinces,
    ageFrom: intOrNull(f.ageFrom), ageTo: intOrNull(f.ageTo), gender: f.gender, deviceType: f.deviceType.trim() || null,
    brand: f.brand.trim() || null, model: f.model.trim() || null, mobilePrefix: listOf(f.mobilePrefix),
    cellList: f.smartRequestType === 'CellList' ? listOf(f.cellList) : [], ...(agent !== null ? { senderAgentId: agent } : {}),
    grayListExpireHour: intOrNull(f.grayListExpireHour), maxSendCount: intOrNull(f.maxSendCount), maxDailySendCount: intOrNull(f.maxDailySendCount),
    smartRequestType: f.smartRequestType, sendCountType: f.sendCountType,
    countToSend: f.sendCountType === 'Count' ? count : null, percentageToSend: f.sendCountType === 'Percentage' ? count : null,
    startDatetime: f.startDatetime ?? '', endDatetime: f.endDatetime ?? '',
  };
}

function formOf(r: SmartRequest): Form {
  return {
    id: r.id, requestName: r.requestName, text: r.text, operator: r.operator, areas: r.areas as GeoArea[],
    residenceState: r.residenceState, joberState: r.joberState, travellerState: r.travellerState, provinces: [...r.provinces],
    ageFrom: r.ageFrom === null ? '' : String(r.ageFrom), ageTo: r.ageTo === null ? '' : String(r.ageTo), gender: r.gender, deviceType: r.deviceType ?? '',
    brand: r.brand ?? '', model: r.model ?? '', mobilePrefix: r.mobilePrefix.join(', '), smartRequestType: r.smartRequestType === 'CellList' ? 'CellList' : 'Area',
    cellList: r.cellList.join(', '), senderAgentId: r.senderAgentId === null ? '' : String(r.senderAgentId),
    grayListExpireHour: r.grayListExpireHour === null ? '' : String(r.grayListExpireHour),
    maxSendCount: r.maxSendCount === null ? '' : String(r.maxSendCount), maxDailySendCount: r.maxDailySendCount === null ? '' : String(r.maxDailySendCount),
    sendCountType: r.sendCountType, count: String((r.sendCountType === 'Count' ? r.countToSend : r.percentageToSend) ?? ''),
    startDatetime: r.startDatetime, endDatetime: r.endDatetime,
  };
}

/** Adds a saved place (personal or public) to the drawn areas: every action has a button, not only the map. */
function PlacePicker({ onPick }: { onPick(area: GeoArea): void }) {
  const { api } = useApp();
  const { t } = useTranslation('smart');
  const [category, setCategory] = useState<PlaceCategory | 'mine'>('mine');
  const [placeId, setPlaceId] = useState('');
  const { data: places } = useSWR(category === 'mine' ? placesKeys.mine() : placesKeys.public(category),
    () => (category === 'mine' ? placesApi.mine(api, { isActive: 'true' }) : placesApi.public(api, { category })));
  const chosen = places?.find((p) => String(p.id) === placeId);
  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="smart-place-picker">
      <label className="text-sm">
        <span className="block">{t('request.placeSource')}</span>
        <select className={inputClass(false)} value={category} onChange={(e) => { setCategory(e.target.value as PlaceCategory | 'mine'); setPlaceId(''); }}>
          <option value="mine">{t('menu.places')}</option>
          {PLACE_CATEGORIES.map((c) => <option key={c} value={c}>{t(`categories.${c}`)}</option>)}
        </select>
      </label>
      <label className="text-sm">
        <span className="block">{t('request.place')}</span>
        <select className={inputClass(false)} value={placeId} onChange={(e) => setPlaceId(e.target.value)} data-testid="smart-place-select">
          <option value="">{places && places.length === 0 ? t('request.noPlaces') : t('request.choosePlace')}</option>
          {(places ?? []).map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select>
      </label>
      <Button variant="secondary" disabled={!chosen} onClick={() => { if (chosen) { onPick(chosen.coordinates); setPlaceId(''); } }} data-testid="smart-place-add">{t('request.addPlace')}</Button>
    </div>
  );
}

/** The request's detail: its areas and where the operator found recipients, refreshed with each progress push. */
function RequestMap({ id, version }: { id: number; version: number }) {
  const { api } = useApp();
  const { t } = useTranslation('smart');
  const digits = useDigits();
  const { data, mutate } = useSWR(smartRequestsKeys.detail(id), () => smartRequestsApi.get(api, id));
  useEffect(() => { if (version) void mutate(); }, [version, mutate]);
  if (!data) return <p className="text-sm" role="status">{t('loading')}</p>;
  return (
    <section className="mt-4" aria-label={t('request.locationsTitle', { name: data.requestName })} data-testid="smart-request-detail" data-locations={data.locations.length}>
      <h3 className="mb-1 font-semibold">{t('request.locationsTitle', { name: isolateText(data.requestName) })}</h3>
      <p className="mb-2 text-sm">{t('request.locationsCount', { n: digits(data.locations.length) })}</p>
      <AreaMap areas={[]} overlays={(data.areas as GeoArea[]).map((a, i) => ({ area: a, label: t('request.areaN', { n: digits(i + 1) }) }))}
        points={data.locations.map((p) => ({ position: [p[0]!, p[1]!], label: t('request.recipientHere') }))} height="20rem" testId="smart-locations-map" />
      {data.periodicSmartSms && data.parentId === null && <Occurrences data={data} />}
    </section>
  );
}

type PeriodicRule = { periodType?: 'Daily' | 'Weekly' | 'Monthly'; weekDays?: number[]; repeatCount?: number; endDate?: string };

/** A periodic request's rule, its occurrences (each its own submit, hold and settlement) and their totals. */
function Occurrences({ data }: { data: SmartRequestDetail }) {
  const { t } = useTranslation('smart');
  const digits = useDigits();
  const { rial } = useMoney();
  const rule = data.periodicSmartSms as PeriodicRule;
  const totals = data.occurrenceTotals;
  const days = (rule.weekDays ?? []).map((d) => t(`periodic.weekDays.${d}`)).join(t('periodic.separator'));
  return (
    <div className="mt-4" data-testid="smart-occurrences" data-count={data.occurrences.length}>
      <h4 className="mb-1 font-semibold">{t('periodic.title')}</h4>
      <p className="text-sm">
        {t(`periodic.types.${rule.periodType ?? 'Daily'}`)}
        {days ? ` — ${days}` : ''}
        {rule.repeatCount ? ` — ${t('periodic.repeatCount', { n: digits(rule.repeatCount) })}` : ''}
        {rule.endDate ? <> — {t('periodic.until')} <DateDisplay value={rule.endDate} /></> : null}
      </p>
      {data.nextOccurrenceAt && data.stage === 'Queued' ? <p className="text-sm">{t('periodic.next')} <DateDisplay value={data.nextOccurrenceAt} /></p> : null}
      {data.periodicStopReason ? <p className="text-sm">{t(`periodic.stopped.${data.periodicStopReason === 'Cancelled' ? 'Cancelled' : 'Completed'}`)}</p> : null}
      {totals ? (
        <p className="text-sm" data-testid="smart-occurrence-totals">
          {t('periodic.totals', { n: digits(totals.occurrenceCount), sent: digits(totals.sentCount), requested: digits(totals.requestedCount), settled: rial(totals.settledAmount) })}
        </p>
      ) : null}
      {data.occurrences.length === 0 ? <EmptyState title={t('periodic.none')} /> : (
        <table className="mt-2 w-full text-sm">
          <thead>
            <tr>{(['index', 'window', 'stage', 'counts', 'settled'] as const).map((k) => <th key={k} className="text-start">{t(`periodic.columns.${k}`)}</th>)}</tr>
          </thead>
          <tbody>
            {data.occurrences.map((o) => (
              <tr key={o.id} className="border-t">
                <td className="py-1">{digits(o.occurrenceIndex + 1)}</td>
                <td className="py-1"><DateDisplay value={o.startDatetime} /></td>
                <td className="py-1">{t(`stages.${o.stage}`)} — {t(`statuses.${o.status}`)}{o.failedReason ? <span className="block text-xs"><UserText>{o.failedReason}</UserText></span> : null}</td>
                <td className="py-1">{t('periodic.counts', { sent: digits(o.sentCount), requested: digits(o.requestedCount) })}</td>
                <td className="py-1">{rial(o.settledAmount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * The smart request page: draw or pick areas, set the audience and the count, see the audience per
 * operator and the price (Estimate), send; then the caller's requests with their status, counts
 * updating live, confirm/reject/cancel where the server allows, edit while it may, and where the
 * operator found recipients on the map.
 */
export function SmartRequestsPage() {
  const { api } = useApp();
  const { t } = useTranslation('smart');
  const digits = useDigits();
  const { rial } = useMoney();
  const [form, setForm] = useState<Form>(freshForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [estimate, setEstimate] = useState<SmartEstimate | null>(null);
  const [busy, setBusy] = useState<'estimate' | 'send' | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [progressTick, setProgressTick] = useState(0);
  const [rejecting, setRejecting] = useState<{ row: SmartRequest; reason: string } | null>(null);
  const { data: list, mutate } = useSWR(smartRequestsKeys.list(), () => fetched(() => smartRequestsApi.list(api, { pageIndex: 0, pageSize: 20 })));
  // Progress pushes are laid over the fetched list at render, never written into SWR's cache: a cache
  // write makes SWR throw away a fetch under way, so pushes faster than a slow answer left the list stale.
  const { live, note } = useLiveChanges<SmartProgress>(list?.askedAt);
  const rows = list?.value.items.map((r) => live(r, list.askedAt));

  const labels = {
    requestName: t('request.requestName'), text: t('request.text'), operator: t('request.operator'), areas: t('request.areas'),
    countToSend: t('request.count'), percentageToSend: t('request.percentage'), ageFrom: t('request.ageFrom'), ageTo: t('request.ageTo'),
    startDatetime: t('request.start'), endDatetime: t('request.end'), provinces: t('request.provinces'), deviceType: t('request.deviceType'),
    brand: t('request.brand'), model: t('request.model'), mobilePrefix: t('request.mobilePrefix'), cellList: t('request.cellList'),
    senderAgentId: t('request.line'), grayListExpireHour: t('request.grayList'), maxSendCount: t('request.maxSendCount'),
    maxDailySendCount: t('request.maxDailySendCount'), smartRequestType: t('request.requestType'),
  };
  const { data: agents } = useSWR(smartRequestsKeys.agents(), () => smartRequestsApi.agents(api));

  useEffect(() => onRealtimeEvent(SMART_PROGRESS_EVENT, (payload) => {
    if (!isSmartProgress(payload)) return;
    note(payload);
    setProgressTick((n) => n + 1);
    // A final stage changes more than a push carries (amounts, the actions allowed): fetch the list.
    if (payload.stage === 'Ended' || payload.stage === 'Cancelled' || payload.stage === 'Rejected') void mutate();
  }), [mutate, note]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => { setForm((f) => ({ ...f, [key]: value })); setEstimate(null); };

  const runEstimate = async () => {
    setBusy('estimate');
    setErrors({});
    try {
      setEstimate(await smartRequestsApi.estimate(api, bodyOf(form), { quiet: true }));
    } catch (err) {
      setErrors(errorsOf(err, labels));
    } finally {
      setBusy(null);
    }
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('send');
    setErrors({});
    try {
      if (form.id) await smartRequestsApi.update(api, { ...bodyOf(form), id: form.id }, { quiet: true });
      else await smartRequestsApi.create(api, bodyOf(form), { quiet: true });
      showToast({ kind: 'success', message: t(form.id ? 'request.updated' : 'request.sent', { name: isolateText(form.requestName) }) });
      setForm(freshForm());
      setEstimate(null);
      void mutate();
    } catch (err) {
      setErrors(errorsOf(err, labels));
    } finally {
      setBusy(null);
    }
  };

  const act = async (call: () => Promise<unknown>) => {
    await call();
    void mutate();
  };

  return (
    <div data-testid="smart-requests-page">
      <PageHeader title={t('requests.title')} subtitle={t('requests.subtitle')} />
      <form onSubmit={(e) => void send(e)} noValidate data-testid="smart-request-form">
        <ErrorSummary errors={errors} />
        <FormSection title={t('request.whereTitle')}>
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium">{labels.smartRequestType}</legend>
            <div className="mt-1 flex gap-4 text-sm">
              {(['Area', 'CellList'] as const).map((k) => (
                <label key={k} className="flex items-center gap-2">
                  <input type="radio" name="smart-request-type" checked={form.smartRequestType === k} onChange={() => set('smartRequestType', k)} data-testid={`smart-type-${k}`} />{t(`request.requestTypes.${k}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {form.smartRequestType === 'CellList' && (
            <FieldFrame id="smart-cells" label={labels.cellList} required hint={t('request.cellListHint')} errorText={errors.cellList ?? null} className="sm:col-span-2">
              <textarea id="smart-cells" rows={2} dir="ltr" className={inputClass(!!errors.cellList)} value={form.cellList} onChange={(e) => set('cellList', e.target.value)} data-testid="smart-cells" />
            </FieldFrame>
          )}
          <div className={form.smartRequestType === 'Area' ? 'sm:col-span-2' : 'hidden'}>
            <AreaMap areas={form.areas} onAreasChange={(areas) => set('areas', areas)} maxAreas={20} testId="smart-map" />
            <p className="mt-1 text-sm" aria-live="polite" data-testid="smart-areas-count" data-count={form.areas.length}>
              {t('request.areasCount', { n: digits(form.areas.length) })}
              {form.areas.length > 0 && <Button size="sm" variant="ghost" className="ms-2" onClick={() => set('areas', [])}>{t('request.clearAreas')}</Button>}
            </p>
            <PlacePicker onPick={(area) => set('areas', [...form.areas, area])} />
          </div>
        </FormSection>
        <FormSection title={t('request.whoTitle')}>
          <FieldFrame id="smart-name" label={labels.requestName} required errorText={errors.requestName ?? null}>
            <input id="smart-name" className={inputClass(!!errors.requestName)} value={form.requestName} maxLength={100} onChange={(e) => set('requestName', e.target.value)} data-testid="smart-name" />
          </FieldFrame>
          <FieldFrame id="smart-operator" label={labels.operator} required errorText={errors.operator ?? null}>
            <select id="smart-operator" className={inputClass(!!errors.operator)} value={form.operator} onChange={(e) => set('operator', e.target.value as Operator | '')} data-testid="smart-operator">
              <option value="">{t('request.chooseOperator')}</option>
              {SMART_OPERATORS.map((o) => <option key={o} value={o}>{t(`operators.${o}`)}</option>)}
            </select>
          </FieldFrame>
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium">{t('request.audience')}</legend>
            <div className="mt-1 flex flex-wrap gap-4 text-sm">
              {(['residenceState', 'joberState', 'travellerState'] as const).map((k) => (
                <label key={k} className="flex items-center gap-2">
                  <input type="checkbox" checked={form[k]} onChange={(e) => set(k, e.target.checked)} data-testid={`smart-${k}`} />{t(`request.${k}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <DateTimePicker id="smart-start" label={labels.startDatetime} value={form.startDatetime} onChange={(v) => set('startDatetime', v)} required
            hint={t('request.presenceHint')} error={errors.startDatetime} data-testid="smart-start" />
          <DateTimePicker id="smart-end" label={labels.endDatetime} value={form.endDatetime} onChange={(v) => set('endDatetime', v)} required
            error={errors.endDatetime} data-testid="smart-end" />
          <FieldFrame id="smart-gender" label={t('request.gender')} errorText={null}>
            <select id="smart-gender" className={inputClass(false)} value={form.gender} onChange={(e) => set('gender', e.target.value as Form['gender'])}>
              {(['All', 'Man', 'Woman'] as const).map((g) => <option key={g} value={g}>{t(`genders.${g}`)}</option>)}
            </select>
          </FieldFrame>
          <div className="flex gap-2">
            <FieldFrame id="smart-age-from" label={labels.ageFrom} errorText={errors.ageFrom ?? null}>
              <input id="smart-age-from" inputMode="numeric" className={inputClass(!!errors.ageFrom)} value={form.ageFrom} onChange={(e) => set('ageFrom', e.target.value)} />
            </FieldFrame>
            <FieldFrame id="smart-age-to" label={labels.ageTo} errorText={errors.ageTo ?? null}>
              <input id="smart-age-to" inputMode="numeric" className={inputClass(!!errors.ageTo)} value={form.ageTo} onChange={(e) => set('ageTo', e.target.value)} />
            </FieldFrame>
          </div>
          <FieldFrame id="smart-device" label={labels.deviceType} hint={t('request.deviceHint')} errorText={errors.deviceType ?? null}>
            <input id="smart-device" className={inputClass(!!errors.deviceType)} value={form.deviceType} maxLength={100} onChange={(e) => set('deviceType', e.target.value)} />
          </FieldFrame>
          <FieldFrame id="smart-brand" label={labels.brand} hint={t('request.optional')} errorText={errors.brand ?? null}>
            <input id="smart-brand" className={inputClass(!!errors.brand)} value={form.brand} maxLength={100} onChange={(e) => set('brand', e.target.value)} data-testid="smart-brand" />
          </FieldFrame>
          <FieldFrame id="smart-model" label={labels.model} hint={t('request.optional')} errorText={errors.model ?? null}>
            <input id="smart-model" className={inputClass(!!errors.model)} value={form.model} maxLength={100} onChange={(e) => set('model', e.target.value)} data-testid="smart-model" />
          </FieldFrame>
          <FieldFrame id="smart-prefix" label={labels.mobilePrefix} hint={t('request.mobilePrefixHint')} errorText={errors.mobilePrefix ?? null}>
            <input id="smart-prefix" dir="ltr" inputMode="numeric" className={inputClass(!!errors.mobilePrefix)} value={form.mobilePrefix} onChange={(e) => set('mobilePrefix', e.target.value)} data-testid="smart-prefix" />
          </FieldFrame>
          <FieldFrame id="smart-provinces" label={labels.provinces} hint={t('request.provincesHint')} errorText={errors.provinces ?? null}>
            <select id="smart-provinces" multiple size={5} className={inputClass(!!errors.provinces)} value={form.provinces}
              onChange={(e) => set('provinces', Array.from(e.target.selectedOptions, (o) => o.value))}>
              {IRAN_PROVINCES.map((p) => <option key={p.id} value={p.nameFa}>{p.nameFa}</option>)}
            </select>
          </FieldFrame>
        </FormSection>
        <FormSection title={t('request.whatTitle')}>
          <fieldset>
            <legend className="text-sm font-medium">{t('request.countType')}</legend>
            <div className="mt-1 flex gap-4 text-sm">
              {(['Count', 'Percentage'] as const).map((k) => (
                <label key={k} className="flex items-center gap-2">
                  <input type="radio" name="smart-count-type" checked={form.sendCountType === k} onChange={() => set('sendCountType', k)} />{t(`request.countTypes.${k}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <FieldFrame id="smart-count" label={form.sendCountType === 'Count' ? labels.countToSend : labels.percentageToSend} required hint={t('request.countHint')}
            errorText={errors.countToSend ?? errors.percentageToSend ?? null}>
            <input id="smart-count" inputMode="numeric" className={inputClass(!!(errors.countToSend ?? errors.percentageToSend))} value={form.count} onChange={(e) => set('count', e.target.value)} data-testid="smart-count" />
          </FieldFrame>
          <FieldFrame id="smart-text" label={labels.text} required errorText={errors.text ?? null} className="sm:col-span-2">
            <textarea id="smart-text" rows={3} className={inputClass(!!errors.text)} value={form.text} maxLength={2000} onChange={(e) => set('text', e.target.value)} data-testid="smart-text" />
          </FieldFrame>
          <FieldFrame id="smart-line" label={labels.senderAgentId} hint={t('request.lineHint')} errorText={errors.senderAgentId ?? null}>
            <select id="smart-line" className={inputClass(!!errors.senderAgentId)} value={form.senderAgentId} onChange={(e) => set('senderAgentId', e.target.value)} data-testid="smart-line">
              <option value="">{agents ? (agents.items.length === 0 ? t('request.noLines') : t('request.defaultLine', { name: agents.items[0]!.title })) : t('loading')}</option>
              {(agents?.items ?? []).map((a) => <option key={a.id} value={a.id}>{a.title}</option>)}
            </select>
          </FieldFrame>
          <FieldFrame id="smart-gray" label={labels.grayListExpireHour} hint={t('request.grayListHint')} errorText={errors.grayListExpireHour ?? null}>
            <input id="smart-gray" inputMode="numeric" className={inputClass(!!errors.grayListExpireHour)} value={form.grayListExpireHour} onChange={(e) => set('grayListExpireHour', e.target.value)} data-testid="smart-gray" />
          </FieldFrame>
          <FieldFrame id="smart-max" label={labels.maxSendCount} hint={t('request.maxSendCountHint')} errorText={errors.maxSendCount ?? null}>
            <input id="smart-max" inputMode="numeric" className={inputClass(!!errors.maxSendCount)} value={form.maxSendCount} onChange={(e) => set('maxSendCount', e.target.value)} data-testid="smart-max" />
          </FieldFrame>
          <FieldFrame id="smart-max-daily" label={labels.maxDailySendCount} hint={t('request.maxDailySendCountHint')} errorText={errors.maxDailySendCount ?? null}>
            <input id="smart-max-daily" inputMode="numeric" className={inputClass(!!errors.maxDailySendCount)} value={form.maxDailySendCount} onChange={(e) => set('maxDailySendCount', e.target.value)} data-testid="smart-max-daily" />
          </FieldFrame>
        </FormSection>
        {estimate && (
          <section className="mb-4 rounded border border-sky-300 p-3 text-sm dark:border-sky-700" data-testid="smart-estimate" data-sendable={estimate.sendableCount} aria-live="polite">
            <h2 className="mb-1 font-semibold">{t('request.estimateTitle')}</h2>
            <ul className="flex flex-wrap gap-4">
              {SMART_OPERATORS.map((o) => <li key={o} data-testid={`smart-estimate-${o}`}>{t(`operators.${o}`)}: <span className="tabular-nums">{digits(audienceOf(estimate, o))}</span></li>)}
            </ul>
            <p className="mt-1">{t('request.sendable', { n: digits(estimate.sendableCount), parts: digits(estimate.partsCount) })}</p>
            <p className="mt-1 font-medium" data-testid="smart-estimate-price" data-value={estimate.price}>{t('request.price', { price: rial(estimate.price), unit: rial(estimate.unitPrice) })}</p>
          </section>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" loading={busy === 'estimate'} onClick={() => void runEstimate()} data-testid="smart-estimate-button">{t('request.estimate')}</Button>
          <Button type="submit" loading={busy === 'send'} data-testid="smart-send">{form.id ? t('request.saveEdit') : t('request.send')}</Button>
          {form.id && <Button variant="ghost" onClick={() => { setForm(freshForm()); setErrors({}); setEstimate(null); }}>{t('request.cancelEdit')}</Button>}
        </div>
      </form>

      <section className="mt-8" aria-labelledby="smart-list-title">
        <h2 id="smart-list-title" className="mb-2 text-lg font-semibold">{t('requests.list')}</h2>
        {!rows && <p className="text-sm" role="status">{t('loading')}</p>}
        {rows && rows.length === 0 && <EmptyState title={t('requests.empty')} />}
        {rows && rows.length > 0 && (
          <table className="w-full text-sm" data-testid="smart-requests">
            <thead>
              <tr>
                {(['name', 'operator', 'stage', 'status', 'counts', 'price', 'actions'] as const).map((k) => <th key={k} className="text-start">{t(`requests.${k}`)}</th>)}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-gray-200 align-top dark:border-gray-700" data-testid="smart-request-row" data-id={r.id}
                  data-stage={r.stage} data-status={r.status} data-sent={r.sentCount} data-delivered={r.deliveredCount}>
                  <td className="py-1.5"><UserText>{r.requestName}</UserText><span className="block text-xs"><DateDisplay value={r.createdAt} /></span></td>
                  <td>{t(`operators.${r.operator}`)}</td>
                  <td>{t(`stages.${r.stage}`)}{r.failedReason && <span className="block text-xs text-red-700 dark:text-red-300">{r.failedReason}</span>}</td>
                  <td>{t(`statuses.${r.status}`)}</td>
                  <td className="tabular-nums" aria-live="polite">
                    {t('requests.countsText', { requested: digits(r.requestedCount), found: digits(r.foundCount), sent: digits(r.sentCount), delivered: digits(r.deliveredCount) })}
                  </td>
                  <td>{rial(r.settledAmount !== '0' ? r.settledAmount : r.heldAmount)}</td>
                  <td className="space-y-1">
                    <div className="flex flex-wrap gap-1">
                      <Button size="sm" variant="secondary" onClick={() => setShown(shown === r.id ? null : r.id)} aria-expanded={shown === r.id}
                        aria-label={t('requests.showNamed', { name: r.requestName })} data-testid="smart-show">{t('requests.show')}</Button>
                      {r.canEdit && <Button size="sm" variant="secondary" onClick={() => { setForm(formOf(r)); setEstimate(null); setErrors({}); window.scrollTo({ top: 0 }); }}
                        aria-label={t('requests.editNamed', { name: r.requestName })}>{t('requests.edit')}</Button>}
                      {r.canDecide && <Button size="sm" onClick={() => void act(() => smartRequestsApi.confirm(api, r.id))} data-testid="smart-confirm"
                        aria-label={t('requests.confirmNamed', { name: r.requestName })}>{t('requests.confirm')}</Button>}
                      {r.canDecide && <Button size="sm" variant="danger" onClick={() => setRejecting({ row: r, reason: '' })}
                        aria-label={t('requests.rejectNamed', { name: r.requestName })}>{t('requests.reject')}</Button>}
                      {r.canCancel && <Button size="sm" variant="ghost" onClick={() => void act(() => smartRequestsApi.cancel(api, r.id))}
                        aria-label={t('requests.cancelNamed', { name: r.requestName })}>{t('requests.cancel')}</Button>}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {shown !== null && <RequestMap id={shown} version={progressTick} />}
      </section>
      <ConfirmDialog open={!!rejecting} danger confirmText={t('requests.reject')} data-testid="smart-reject-dialog"
        message={rejecting && (
          <label className="block text-sm">
            <span className="block">{t('requests.rejectReason', { name: isolateText(rejecting.row.requestName) })}</span>
            <textarea className={inputClass(false)} rows={2} maxLength={500} value={rejecting.reason} onChange={(e) => setRejecting({ ...rejecting, reason: e.target.value })} />
          </label>
        )}
        onConfirm={() => { const r = rejecting; setRejecting(null); if (r) void act(() => smartRequestsApi.reject(api, r.row.id, r.reason.trim() || null)); }}
        onCancel={() => setRejecting(null)} />
    </div>
  );
}
