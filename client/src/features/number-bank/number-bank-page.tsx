import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { onRealtimeEvent } from '../../shared/realtime/realtime';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { EmptyState } from '../../shared/ui/empty-state';
import { FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { PageHeader } from '../../shared/ui/page-header';
import { isolateText } from '../../shared/ui/bidi';
import { useDigits } from '../../shared/ui/use-digits';
import { errorsOf, type FieldErrors } from '../admin-common/kit';
import { BANK_IMPORT_EVENT, isBankImport, numberBankApi, numberBankKeys, uploadBankFile, type BankImport, type Zone } from './number-bank-api';

function Progress({ row }: { row: BankImport }) {
  const { t } = useTranslation('numberBank');
  const digits = useDigits();
  return (
    <div className="min-w-[10rem]" data-testid="bank-import-progress" data-value={row.progressPercent} data-status={row.status}>
      <div role="progressbar" aria-label={t('list.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={row.progressPercent}
        className="h-2.5 overflow-hidden rounded bg-slate-200 dark:bg-slate-700">
        <div className={`h-full transition-all ${row.status === 'Failed' ? 'bg-red-600' : 'bg-sky-600'}`} style={{ width: `${row.progressPercent}%` }} />
      </div>
      <p className="mt-1 text-xs" aria-live="polite">{t('list.percent', { n: digits(row.progressPercent), processed: digits(row.processedCount) })}</p>
    </div>
  );
}

/** Zones as a tree opened level by level (the server answers them flat with parentId). */
function ZoneRows({ zones, parentId, depth }: { zones: Zone[]; parentId: number | null; depth: number }) {
  const { t } = useTranslation('numberBank');
  const digits = useDigits();
  const [open, setOpen] = useState<Set<number>>(() => new Set(zones.filter((z) => z.zoneType === 'Country').map((z) => z.id)));
  const children = zones.filter((z) => z.parentId === parentId);
  return (
    <>
      {children.map((z) => {
        const hasChildren = zones.some((c) => c.parentId === z.id);
        const isOpen = open.has(z.id);
        const toggle = () => setOpen((s) => { const n = new Set(s); if (n.has(z.id)) n.delete(z.id); else n.add(z.id); return n; });
        return (
          <ZoneRow key={z.id} zone={z} depth={depth} hasChildren={hasChildren} isOpen={isOpen} onToggle={toggle}
            label={hasChildren ? t(isOpen ? 'zones.collapse' : 'zones.expand', { name: z.name }) : ''} digits={digits}>
            {isOpen && hasChildren && <ZoneRows zones={zones} parentId={z.id} depth={depth + 1} />}
          </ZoneRow>
        );
      })}
    </>
  );
}

function ZoneRow({ zone, depth, hasChildren, isOpen, onToggle, label, digits, children }: {
  zone: Zone; depth: number; hasChildren: boolean; isOpen: boolean; onToggle(): void; label: string; digits: (v: number) => string; children: React.ReactNode;
}) {
  const { t } = useTranslation('numberBank');
  return (
    <>
      <tr className="border-t border-gray-200 dark:border-gray-700" data-testid="zone-row" data-zone-type={zone.zoneType} data-total={zone.totalCount}>
        <td className="py-1.5" style={{ paddingInlineStart: `${depth * 1.25 + 0.25}rem` }}>
          {hasChildren
            ? <button type="button" className="me-1 w-5 text-sky-700 dark:text-sky-300" aria-expanded={isOpen} aria-label={label} onClick={onToggle}>{isOpen ? '−' : '+'}</button>
            : <span className="me-1 inline-block w-5" />}
          {isolateText(zone.name)}
        </td>
        <td>{t(`zones.types.${zone.zoneType}`)}</td>
        <td className="tabular-nums">{digits(zone.mciCount)}</td>
        <td className="tabular-nums">{digits(zone.mtnCount)}</td>
        <td className="tabular-nums">{digits(zone.rightelCount)}</td>
        <td className="tabular-nums">{digits(zone.otherCount)}</td>
        <td className="tabular-nums font-medium">{digits(zone.totalCount)}</td>
      </tr>
      {children}
    </>
  );
}

/** The number bank for a system administrator: import a file with live progress, and the zones with their counts per operator. */
export function NumberBankPage() {
  const { api } = useApp();
  const { t } = useTranslation('numberBank');
  const digits = useDigits();
  const [file, setFile] = useState<File | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fileInput = useRef<HTMLInputElement>(null);

  const { data: imports, mutate: refreshImports } = useSWR(numberBankKeys.imports(), () => numberBankApi.imports(api, { pageIndex: 0, pageSize: 10 }));
  const { data: zoneList, mutate: refreshZones } = useSWR(numberBankKeys.zones(), () => numberBankApi.zoneTree(api));

  // Each push replaces its import's row; an import that ended brings the zones' counts up to date.
  useEffect(() => onRealtimeEvent(BANK_IMPORT_EVENT, (payload) => {
    if (!isBankImport(payload)) return;
    void refreshImports((current) => current && ({
      ...current,
      items: current.items.some((r) => r.id === payload.id) ? current.items.map((r) => (r.id === payload.id ? { ...r, ...payload, failedReason: r.failedReason } : r)) : [payload, ...current.items],
    }), { revalidate: false });
    if (payload.status === 'Completed' || payload.status === 'Failed') {
      void refreshImports();
      void refreshZones();
      showToast({ kind: payload.status === 'Completed' ? 'success' : 'error', message: t(payload.status === 'Completed' ? 'list.done' : 'list.failed', { name: isolateText(payload.fileName) }) });
    }
  }), [refreshImports, refreshZones, t]);

  const upload = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) { setErrors({ file: t('import.chooseFile') }); return; }
    setErrors({});
    setUploadPercent(0);
    try {
      await uploadBankFile(api, file, setUploadPercent);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      void refreshImports();
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setUploadPercent(null);
    }
  };

  const zones = useMemo(() => zoneList?.items ?? [], [zoneList]);

  return (
    <div data-testid="number-bank-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <section className="mb-8" aria-labelledby="bank-import-title">
        <h2 id="bank-import-title" className="mb-2 text-lg font-semibold">{t('import.title')}</h2>
        <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => void upload(e)} noValidate data-testid="bank-import-form">
          <FieldFrame id="bank-file" label={t('import.file')} hint={t('import.hint')} errorText={errors.file ?? null} className="max-w-xl">
            <input id="bank-file" ref={fileInput} type="file" accept=".xlsx,.csv,text/csv" className={inputClass(!!errors.file)}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="bank-import-file" />
          </FieldFrame>
          <Button type="submit" loading={uploadPercent !== null} data-testid="bank-import-upload">{t('import.upload')}</Button>
          {uploadPercent !== null && <span className="text-sm" role="status">{t('import.uploading', { n: digits(uploadPercent) })}</span>}
        </form>
        <h3 className="mb-2 mt-6 font-semibold">{t('list.title')}</h3>
        {imports && imports.items.length === 0 && <p className="text-sm text-gray-500">{t('list.empty')}</p>}
        {imports && imports.items.length > 0 && (
          <table className="w-full text-sm" data-testid="bank-imports">
            <thead><tr className="text-start"><th className="text-start">{t('list.fileName')}</th><th className="text-start">{t('list.status')}</th><th className="text-start">{t('list.progress')}</th></tr></thead>
            <tbody>
              {imports.items.map((r) => (
                <tr key={r.id} className="border-t border-gray-200 align-top dark:border-gray-700" data-testid="bank-import-row" data-status={r.status}>
                  <td className="py-2">{isolateText(r.fileName)}</td>
                  <td className="py-2">
                    {t(`status.${r.status}`)}
                    <span className="block text-xs">{t('list.counts', { added: digits(r.addedCount), updated: digits(r.updatedCount), rejected: digits(r.rejectedCount) })}</span>
                    {r.failedReason && <span className="block text-xs text-red-700 dark:text-red-300">{r.failedReason}</span>}
                  </td>
                  <td className="py-2"><Progress row={r} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="bank-zones-title">
        <h2 id="bank-zones-title" className="mb-1 text-lg font-semibold">{t('zones.title')}</h2>
        <p className="mb-2 text-sm text-gray-500 dark:text-gray-400">{t('zones.hint')}</p>
        {zoneList && zones.length === 0 && <EmptyState title={t('zones.empty')} />}
        {zones.length > 0 && (
          <table className="w-full text-sm" data-testid="bank-zones">
            <thead>
              <tr>
                {(['name', 'type', 'mci', 'mtn', 'rightel', 'other', 'total'] as const).map((k) => <th key={k} className="text-start">{t(`zones.${k}`)}</th>)}
              </tr>
            </thead>
            <tbody><ZoneRows zones={zones} parentId={null} depth={0} /></tbody>
          </table>
        )}
      </section>
    </div>
  );
}
