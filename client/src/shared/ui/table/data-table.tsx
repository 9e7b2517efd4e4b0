import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { cx } from '../class-names';
import { EmptyState } from '../empty-state';
import { UI_NS } from '../ui.i18n';
import { useDigits } from '../use-digits';
import { UserText } from '../user-text';
import {
  clampPageIndex,
  DEFAULT_PAGE_SIZES,
  isColumnLocked,
  MIN_VISIBLE_COLUMNS,
  pageCount,
  pageRange,
  toggleColumn,
} from './table-logic';

export interface DataTableColumn<T> {
  key: string;
  /** Already translated header text. */
  header: string;
  /**
   * A plain string is shown isolated (`<bdi dir="auto">`): most cells are names and titles users
   * typed. A number is written in the page's digits. A cell that renders markup isolates its own
   * user text (`UserText`, or `dir` on the element) and writes its own numbers (`useDigits`).
   */
  cell: (row: T, rowIndex: number) => ReactNode;
  /** False keeps the column always visible (default true). */
  hideable?: boolean;
  /** Hidden until chosen in the column chooser (uncontrolled mode). */
  hiddenByDefault?: boolean;
  align?: 'start' | 'center' | 'end';
  className?: string;
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[] | null | undefined;
  rowKey: (row: T, rowIndex: number) => string | number;
  loading?: boolean;
  /** Already translated empty-state text (default: 'No data to display.'). */
  emptyText?: string;
  /** A sentence under the empty-state text: what the list holds, so an empty list guides. */
  emptyDescription?: string;
  /** Shown with an empty list, e.g. a button that creates the first item. */
  emptyAction?: ReactNode;
  caption?: string;
  /** 0-based page index. */
  pageIndex: number;
  pageSize: number;
  totalCount: number;
  onPageChange: (pageIndex: number) => void;
  /** When given, a page size choice is shown; the caller usually resets pageIndex to 0. */
  onPageSizeChange?: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
  /** Row actions slot, rendered in a last column. */
  rowActions?: (row: T, rowIndex: number) => ReactNode;
  /** Controlled visible column keys (optional). */
  visibleColumns?: readonly string[];
  onVisibleColumnsChange?: (keys: readonly string[]) => void;
  /** Show the column chooser (default true). At least two columns always stay visible. */
  columnChooser?: boolean;
  className?: string;
  /** Root test id; parts get suffixes: -row, -empty, -loading, -prev, -next, -page-size, -page-info, -columns, -column-<key>. */
  'data-testid'?: string;
}

const alignClass = { start: 'text-start', center: 'text-center', end: 'text-end' } as const;

// A plain string is user text: isolated, with its own direction. A bare number (a count, an id)
// is written in the page's digits, so no column can leak Latin digits into the Persian panel.
const cellContent = (content: ReactNode, digits: (value: number) => string): ReactNode =>
  typeof content === 'string' ? <UserText>{content}</UserText> : typeof content === 'number' ? digits(content) : content;

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading = false,
  emptyText,
  emptyDescription,
  emptyAction,
  caption,
  pageIndex,
  pageSize,
  totalCount,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = DEFAULT_PAGE_SIZES,
  rowActions,
  visibleColumns,
  onVisibleColumnsChange,
  columnChooser = true,
  className,
  'data-testid': testId,
}: DataTableProps<T>) {
  const { t } = useTranslation(UI_NS);
  const digits = useDigits();
  const tid = (suffix: string) => (testId ? `${testId}-${suffix}` : undefined);
  const allKeys = useMemo(() => columns.map((c) => c.key), [columns]);

  const [ownVisible, setOwnVisible] = useState<readonly string[]>(() => {
    const initial = columns.filter((c) => !c.hiddenByDefault).map((c) => c.key);
    return initial.length >= MIN_VISIBLE_COLUMNS ? initial : allKeys.slice(0, Math.max(MIN_VISIBLE_COLUMNS, initial.length));
  });
  const visible = visibleColumns ?? ownVisible;
  const setVisible = (keys: readonly string[]) => {
    if (!visibleColumns) setOwnVisible(keys);
    onVisibleColumnsChange?.(keys);
  };
  const shown = columns.filter((c) => c.hideable === false || visible.includes(c.key));

  const pages = pageCount(totalCount, pageSize);
  const { from, to } = pageRange(pageIndex, pageSize, totalCount);
  const list = rows ?? [];
  const columnSpan = shown.length + (rowActions ? 1 : 0);

  // Keep the page index inside the range when the total shrinks.
  useEffect(() => {
    const clamped = clampPageIndex(pageIndex, pageSize, totalCount);
    if (!loading && clamped !== pageIndex) onPageChange(clamped);
  }, [pageIndex, pageSize, totalCount, loading, onPageChange]);

  return (
    <div className={cx('flex flex-col gap-2', className)} data-testid={testId}>
      {columnChooser && columns.length > MIN_VISIBLE_COLUMNS && (
        <div className="flex justify-end">
          <ColumnChooser
            columns={columns}
            visible={visible}
            allKeys={allKeys}
            onToggle={(key) => setVisible(toggleColumn(visible, key, allKeys))}
            tid={tid}
          />
        </div>
      )}
      <div className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-700">
        <table className="min-w-full divide-y divide-gray-200 text-sm dark:divide-gray-700" aria-busy={loading || undefined}>
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className="bg-gray-50 dark:bg-gray-800">
            <tr>
              {shown.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={cx('px-3 py-2 font-semibold text-gray-700 dark:text-gray-200', alignClass[c.align ?? 'start'], c.className)}
                >
                  {c.header}
                </th>
              ))}
              {rowActions && (
                <th scope="col" className="px-3 py-2 text-end font-semibold text-gray-700 dark:text-gray-200">
                  {t('table.actions')}
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 bg-white dark:divide-gray-800 dark:bg-gray-900">
            {loading &&
              Array.from({ length: Math.min(Math.max(pageSize, 3), 10) }, (_, i) => (
                <tr key={`skeleton-${i}`} data-testid={i === 0 ? tid('loading') : undefined} aria-hidden={i > 0 || undefined}>
                  {i === 0 && <td className="sr-only">{t('loading')}</td>}
                  {Array.from({ length: columnSpan }, (_, j) => (
                    <td key={j} className="px-3 py-2.5">
                      <div className="h-4 w-full animate-pulse rounded bg-gray-200 dark:bg-gray-700" />
                    </td>
                  ))}
                </tr>
              ))}
            {!loading && list.length === 0 && (
              <tr>
                <td colSpan={Math.max(1, columnSpan)}>
                  <EmptyState title={emptyText ?? (t('table.noData') as string)} description={emptyDescription} action={emptyAction} data-testid={tid('empty')} />
                </td>
              </tr>
            )}
            {!loading &&
              list.map((row, rowIndex) => (
                <tr key={rowKey(row, rowIndex)} className="hover:bg-gray-50 dark:hover:bg-gray-800/60" data-testid={tid('row')}>
                  {shown.map((c) => (
                    <td key={c.key} className={cx('px-3 py-2 text-gray-800 dark:text-gray-100', alignClass[c.align ?? 'start'], c.className)}>
                      {cellContent(c.cell(row, rowIndex), digits)}
                    </td>
                  ))}
                  {rowActions && (
                    <td className="px-3 py-2 text-end">
                      <div className="inline-flex items-center gap-1">{rowActions(row, rowIndex)}</div>
                    </td>
                  )}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      <nav aria-label={t('table.pagination') as string} className="flex flex-wrap items-center justify-between gap-2 text-sm text-gray-600 dark:text-gray-300">
        <span data-testid={tid('range-info')}>
          {t('table.rangeInfo', { from: digits(from), to: digits(to), total: digits(totalCount) })}
        </span>
        <div className="flex flex-wrap items-center gap-2">
          {onPageSizeChange && (
            <PageSizeChoice pageSize={pageSize} options={pageSizeOptions} onChange={onPageSizeChange} digits={digits} tid={tid} />
          )}
          <Button
            variant="secondary"
            size="sm"
            disabled={loading || pageIndex <= 0}
            onClick={() => onPageChange(pageIndex - 1)}
            aria-label={t('table.previous') as string}
            data-testid={tid('prev')}
          >
            <span aria-hidden="true" className="rtl:rotate-180 inline-block">‹</span>
          </Button>
          <span aria-live="polite" data-testid={tid('page-info')}>
            {t('table.pageInfo', { page: digits(Math.min(pageIndex + 1, pages)), pages: digits(pages) })}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={loading || pageIndex >= pages - 1}
            onClick={() => onPageChange(pageIndex + 1)}
            aria-label={t('table.next') as string}
            data-testid={tid('next')}
          >
            <span aria-hidden="true" className="rtl:rotate-180 inline-block">›</span>
          </Button>
        </div>
      </nav>
    </div>
  );
}

interface PageSizeChoiceProps {
  pageSize: number;
  options: readonly number[];
  onChange: (size: number) => void;
  digits: (value: number) => string;
  tid: (suffix: string) => string | undefined;
}

const PageSizeChoice = ({ pageSize, options, onChange, digits, tid }: PageSizeChoiceProps) => {
  const { t } = useTranslation(UI_NS);
  const id = useId();
  const sizes = options.includes(pageSize) ? options : [...options, pageSize].sort((a, b) => a - b);
  return (
    <span className="inline-flex items-center gap-1">
      <label htmlFor={id}>{t('table.pageSize')}</label>
      <select
        id={id}
        value={pageSize}
        onChange={(e) => onChange(Number(e.target.value))}
        className="rounded-md border border-gray-300 bg-white px-2 py-1 dark:border-gray-600 dark:bg-gray-900"
        data-testid={tid('page-size')}
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {digits(size)}
          </option>
        ))}
      </select>
    </span>
  );
};

interface ColumnChooserProps<T> {
  columns: readonly DataTableColumn<T>[];
  visible: readonly string[];
  allKeys: readonly string[];
  onToggle: (key: string) => void;
  tid: (suffix: string) => string | undefined;
}

function ColumnChooser<T>({ columns, visible, allKeys, onToggle, tid }: ColumnChooserProps<T>) {
  const { t } = useTranslation(UI_NS);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        data-testid={tid('columns')}
      >
        {t('table.columns')}
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute end-0 z-20 mt-1 w-56 rounded-md border border-gray-200 bg-white p-2 shadow-lg dark:border-gray-700 dark:bg-gray-900"
      >
        <fieldset>
          <legend className="mb-1 text-xs text-gray-500 dark:text-gray-400">{t('table.minColumns')}</legend>
          {columns.map((c) => {
            const always = c.hideable === false;
            const checked = always || visible.includes(c.key);
            const locked = always || isColumnLocked(visible, c.key, allKeys);
            return (
              <label key={c.key} className="flex items-center gap-2 py-0.5 text-sm text-gray-800 dark:text-gray-100">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={locked}
                  onChange={() => onToggle(c.key)}
                  data-testid={tid(`column-${c.key}`)}
                  className="h-4 w-4"
                />
                {c.header}
              </label>
            );
          })}
        </fieldset>
      </div>
    </div>
  );
}
