import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { EmptyState } from '../../shared/ui/empty-state';
import { FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { PageHeader } from '../../shared/ui/page-header';
import { isolateText } from '../../shared/ui/bidi';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { Amount } from '../financial/money';
import { getMyNumbers, linesKeys } from '../lines/lines-api';
import { newSendId, outboxDetailPath } from '../sending/sending-api';
import { regionalApi, type BankCount, type RegionalBody, type RegionalCalculation } from './regional-api';

const OPERATORS = ['MCI', 'Irancell', 'Rightel', 'Other'] as const;
const SIM_TYPES = ['All', 'Credits', 'Permanent'] as const;
const GENDERS = ['All', 'Man', 'Woman'] as const;

/**
 * The regional send: provinces (then cities), SIM type, operators, gender, guild, postal prefix and
 * a count or a percentage; the available numbers per operator update as filters change
 * (`NumberBank/Count`), the price comes from the preview, and the send lands in the outbox with
 * its receivers masked. No number is ever shown here.
 */
export function RegionalSendPage() {
  const { api } = useApp();
  // The regional send's own words; the send form's shared ones (line, text, operators, preview) from `sending`.
  const { t } = useTranslation(['regional', 'sending']);
  const digits = useDigits();
  const navigate = useNavigate();
  const { data: lines } = useSWR(linesKeys.myNumbers('Bulk'), () => getMyNumbers(api, { sendType: 'Bulk' }));
  const { data: zoneList, isLoading: zonesLoading } = useSWR(['regional-zones'], () => regionalApi.zones(api));
  const [lineId, setLineId] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [provinces, setProvinces] = useState<number[]>([]);
  const [cities, setCities] = useState<number[]>([]);
  const [simType, setSimType] = useState<(typeof SIM_TYPES)[number] | ''>('All');
  const [operators, setOperators] = useState<string[]>([]);
  const [gender, setGender] = useState<(typeof GENDERS)[number]>('All');
  const [guild, setGuild] = useState('');
  const [zip, setZip] = useState('');
  const [byPercentage, setByPercentage] = useState(false);
  const [amount, setAmount] = useState('');
  const [grayHours, setGrayHours] = useState('0');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [calc, setCalc] = useState<RegionalCalculation | null>(null);
  const [busy, setBusy] = useState(false);
  const sendId = useRef(newSendId());

  const zones = useMemo(() => zoneList?.items ?? [], [zoneList]);
  const provinceZones = zones.filter((z) => z.zoneType === 'Province');
  // Cities narrow their province: a province with cities picked is sent as those cities.
  const zoneIds = useMemo(() => [
    ...provinces.filter((p) => !cities.some((c) => zones.find((z) => z.id === c)?.parentId === p)),
    ...cities,
  ], [provinces, cities, zones]);

  const filters = useMemo(() => ({
    zoneIds, simType: simType || undefined, mobileOperators: operators as RegionalBody['mobileOperators'], genderType: gender,
    guildName: guild.trim() || undefined, zipCodePrefix: zip.trim() || undefined,
  }), [zoneIds, simType, operators, gender, guild, zip]);

  // Live counts: asked again a moment after the filters stop changing.
  const [countKey, setCountKey] = useState<string | null>(null);
  useEffect(() => {
    const handle = setTimeout(() => setCountKey(zoneIds.length ? JSON.stringify(filters) : null), 300);
    return () => clearTimeout(handle);
  }, [filters, zoneIds.length]);
  const { data: counts, isLoading: counting } = useSWR<BankCount>(countKey ? ['regional-count', countKey] : null, () => regionalApi.count(api, JSON.parse(countKey as string)));
  useEffect(() => { setCalc(null); }, [filters, amount, byPercentage, lineId, text]);

  const body = (): RegionalBody => {
    const n = Number(amount);
    return {
      ...filters, senderNumberId: lineId ?? undefined, smsBody: text,
      count: !byPercentage && amount ? n : null, percentage: byPercentage && amount ? n : null,
      grayListExpireHour: Number(grayHours) || null,
    };
  };

  const check = (): boolean => {
    const found: FieldErrors = {};
    if (!lineId) found.senderNumberId = t('lineRequired');
    if (provinces.length === 0) found.zoneIds = t('provinceRequired');
    if (!simType) found.simType = t('simRequired');
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const preview = async () => {
    if (!check()) return;
    setBusy(true);
    try {
      setCalc(await regionalApi.preview(api, body(), { quiet: true }));
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setBusy(false);
    }
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!check()) return;
    setBusy(true);
    try {
      const created = await regionalApi.create(api, { ...body(), sendId: sendId.current }, { quiet: true });
      sendId.current = newSendId();
      showToast({ kind: 'success', message: t('sending:created') });
      void navigate(outboxDetailPath(created.id));
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (list: number[], id: number, set: (v: number[]) => void) => set(list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

  return (
    <div data-testid="regional-send-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <form className="grid max-w-4xl gap-4" onSubmit={(e) => void send(e)} noValidate data-testid="regional-form">
        <ErrorSummary errors={errors} testId="regional-errors" />
        <FieldFrame id="regional-line" label={t('sending:line')} required errorText={errors.senderNumberId ?? null}>
          <select id="regional-line" className={inputClass(!!errors.senderNumberId)} value={lineId ?? ''} data-testid="regional-line"
            onChange={(e) => setLineId(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{t('chooseLine')}</option>
            {(lines ?? []).map((l) => <option key={l.id} value={l.id}>{l.mask ? `${l.number} (${l.mask})` : l.number}</option>)}
          </select>
        </FieldFrame>
        <FieldFrame id="regional-text" label={t('sending:text')} required errorText={errors.smsBody ?? null}>
          <textarea id="regional-text" rows={3} className={inputClass(!!errors.smsBody)} value={text} onChange={(e) => setText(e.target.value)} data-testid="regional-text" />
        </FieldFrame>

        <fieldset aria-describedby="regional-provinces-hint" data-testid="regional-provinces">
          <legend className="font-medium">{t('provinces')}</legend>
          <p id="regional-provinces-hint" className="text-xs text-gray-600 dark:text-gray-400">{t('provincesHint')}</p>
          {zonesLoading && <p role="status" className="text-sm">{t('counting')}</p>}
          {zoneList && provinceZones.length === 0 && <EmptyState title={t('noZones')} />}
          <div className="mt-1 flex flex-wrap gap-3">
            {provinceZones.map((p) => (
              <label key={p.id} className="flex items-center gap-1 text-sm">
                <input type="checkbox" checked={provinces.includes(p.id)} onChange={() => toggle(provinces, p.id, setProvinces)} data-testid="regional-province" data-name={p.name} />
                {isolateText(p.name)} <span className="tabular-nums text-gray-500">({digits(p.totalCount)})</span>
              </label>
            ))}
          </div>
          {errors.zoneIds && <p className="text-sm text-red-700 dark:text-red-300" data-testid="regional-zone-error">{errors.zoneIds}</p>}
          {provinces.map((pid) => {
            const province = zones.find((z) => z.id === pid);
            const children = zones.filter((z) => z.parentId === pid && z.zoneType === 'City');
            if (!province || children.length === 0) return null;
            return (
              <fieldset key={pid} className="mt-2 ms-4">
                <legend className="text-sm">{t('cities', { name: province.name })}</legend>
                <div className="flex flex-wrap gap-3">
                  {children.map((c) => (
                    <label key={c.id} className="flex items-center gap-1 text-sm">
                      <input type="checkbox" checked={cities.includes(c.id)} onChange={() => toggle(cities, c.id, setCities)} />
                      {isolateText(c.name)} <span className="tabular-nums text-gray-500">({digits(c.totalCount)})</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            );
          })}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-3">
          <FieldFrame id="regional-sim" label={t('simType')} required errorText={errors.simType ?? null}>
            <select id="regional-sim" className={inputClass(!!errors.simType)} value={simType} onChange={(e) => setSimType(e.target.value as typeof simType)} data-testid="regional-sim">
              <option value="">—</option>
              {SIM_TYPES.map((s) => <option key={s} value={s}>{t(`sim.${s}`)}</option>)}
            </select>
          </FieldFrame>
          <FieldFrame id="regional-gender" label={t('gender')} errorText={errors.genderType ?? null}>
            <select id="regional-gender" className={inputClass(!!errors.genderType)} value={gender} onChange={(e) => setGender(e.target.value as typeof gender)} data-testid="regional-gender">
              {GENDERS.map((g) => <option key={g} value={g}>{t(`genders.${g}`)}</option>)}
            </select>
          </FieldFrame>
          <fieldset>
            <legend className="text-sm font-medium">{t('operators')}</legend>
            {OPERATORS.map((o) => (
              <label key={o} className="me-3 inline-flex items-center gap-1 text-sm">
                <input type="checkbox" checked={operators.includes(o)} data-testid="regional-operator" data-operator={o}
                  onChange={() => setOperators((s) => (s.includes(o) ? s.filter((x) => x !== o) : [...s, o]))} />
                {t(`sending:operators.${o.toLowerCase()}`)}
              </label>
            ))}
          </fieldset>
          <FieldFrame id="regional-guild" label={t('guild')} errorText={errors.guildName ?? null}>
            <input id="regional-guild" className={inputClass(!!errors.guildName)} value={guild} onChange={(e) => setGuild(e.target.value)} />
          </FieldFrame>
          <FieldFrame id="regional-zip" label={t('zip')} errorText={errors.zipCodePrefix ?? null}>
            <input id="regional-zip" dir="ltr" inputMode="numeric" className={inputClass(!!errors.zipCodePrefix)} value={zip} onChange={(e) => setZip(e.target.value)} />
          </FieldFrame>
          <FieldFrame id="regional-gray" label={t('grayList')} hint={t('grayListHint')} errorText={errors.grayListExpireHour ?? null}>
            <input id="regional-gray" type="number" min={0} dir="ltr" className={inputClass(!!errors.grayListExpireHour)} value={grayHours} onChange={(e) => setGrayHours(e.target.value)} />
          </FieldFrame>
        </div>

        <section aria-live="polite" data-testid="regional-available" data-total={counts?.totalCount ?? ''}>
          <h2 className="font-medium">{t('available')}</h2>
          {counting && <p role="status" className="text-sm">{t('counting')}</p>}
          {counts && (
            <p className="text-sm tabular-nums">
              {t('sending:operators.mci')} {digits(counts.mciCount)} · {t('sending:operators.irancell')} {digits(counts.mtnCount)} · {t('sending:operators.rightel')} {digits(counts.rightelCount)} · {t('sending:operators.other')} {digits(counts.otherCount)} · {t('sending:calc.total')} <span data-testid="regional-total">{digits(counts.totalCount)}</span>
            </p>
          )}
        </section>

        <fieldset>
          <legend className="font-medium">{t('amount')}</legend>
          <label className="me-4 inline-flex items-center gap-1 text-sm"><input type="radio" name="regional-by" checked={!byPercentage} onChange={() => setByPercentage(false)} />{t('byCount')}</label>
          <label className="inline-flex items-center gap-1 text-sm"><input type="radio" name="regional-by" checked={byPercentage} onChange={() => setByPercentage(true)} />{t('byPercentage')}</label>
          <FieldFrame id="regional-amount" label={byPercentage ? t('percentage') : t('byCount')} errorText={(byPercentage ? errors.percentage : errors.count) ?? null} className="mt-2 max-w-xs">
            <input id="regional-amount" type="number" min={1} dir="ltr" className={inputClass(!!(byPercentage ? errors.percentage : errors.count))} value={amount}
              onChange={(e) => setAmount(e.target.value)} data-testid="regional-amount" />
          </FieldFrame>
        </fieldset>

        {calc && (
          <p className="text-sm" data-testid="regional-price" data-total={calc.totalPrice}>
            {t('sending:calc.recipients')}: {digits(calc.recipientCount)} — {t('sending:calc.blackList')}: {digits(calc.blackListCount)} — {t('sending:calc.total')}: <Amount value={calc.totalPrice} />
          </p>
        )}
        <div className="flex gap-3">
          <Button type="button" variant="secondary" loading={busy} onClick={() => void preview()} data-testid="regional-preview">{t('sending:calc.title')}</Button>
          <Button type="submit" loading={busy} data-testid="regional-send">{t('send')}</Button>
        </div>
      </form>
    </div>
  );
}
