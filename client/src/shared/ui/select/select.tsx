import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../class-names';
import { describedBy, FieldFrame, inputClass } from '../form/field-frame';
import { useFieldErrorText, type FieldError } from '../form/field-error';
import { toPersianDigits } from '../form/to-latin-digits';
import { Spinner } from '../spinner';
import { UI_NS } from '../ui.i18n';
import { stripBidiControls } from '../bidi';
import { UserText } from '../user-text';
import {
  findSelectItem,
  getItemTitle,
  getItemValue,
  isSearchQuery,
  moveActiveIndex,
  normalizeSearchText,
  normalizeSelectValue,
  optimalSearch,
  sameSelectValue,
  SelectScheduler,
  SELECT_TIMING,
  type SelectFields,
  type SelectValue,
} from './select-logic';

export interface SelectProps<T> {
  items: readonly T[] | null | undefined;
  /** -1, '' and undefined mean no value. */
  value: unknown;
  /** Called with the chosen value and item, or (null, null) when cleared or when items become empty. */
  onChange: (value: SelectValue, item: T | null) => void;
  /** Item property holding the value (default 'id'). */
  valueField?: string;
  /** Item property holding the visible title (default 'title'). */
  titleField?: string;
  label?: string;
  placeholder?: string;
  hint?: string;
  error?: FieldError;
  /** "Optimal search" (default true): filter from 3 characters, else first 10 items plus the selected one. */
  optimalSearch?: boolean;
  /**
   * Server search: a query of 3 characters or more is answered by this call (started 200 ms after
   * the last keystroke, shown from 400 ms or when it answers) instead of filtering `items`, which
   * then hold the first page and the chosen item. Items are shown as the server orders them.
   */
  search?: (query: string) => Promise<readonly T[]>;
  /** Show a clear button when a value is set (default true unless required). */
  clearable?: boolean;
  disabled?: boolean;
  required?: boolean;
  loading?: boolean;
  id?: string;
  name?: string;
  className?: string;
  renderOption?: (item: T) => ReactNode;
  /** On the combobox input; parts get suffixes: -root, -listbox, -option (with data-value), -clear. */
  'data-testid'?: string;
}

export function Select<T>({
  items,
  value,
  onChange,
  valueField = 'id',
  titleField = 'title',
  label,
  placeholder,
  hint,
  error,
  optimalSearch: optimal = true,
  search,
  clearable,
  disabled = false,
  required = false,
  loading = false,
  id,
  name,
  className,
  renderOption,
  'data-testid': testId,
}: SelectProps<T>) {
  const { t, i18n } = useTranslation(UI_NS);
  const autoId = useId();
  const fieldId = id ?? autoId;
  const listId = `${fieldId}-listbox`;
  const errorText = useFieldErrorText(error);
  const fields: SelectFields = useMemo(() => ({ valueField, titleField }), [valueField, titleField]);
  const list = useMemo(() => items ?? [], [items]);
  const normalized = normalizeSelectValue(value);
  const selected = useMemo(() => findSelectItem(list, normalized, fields), [list, normalized, fields]);

  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);
  const [results, setResults] = useState<T[]>([]);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  const remote = (text: string) => search !== undefined && isSearchQuery(text);
  const compute = (text: string): T[] =>
    optimalSearch(list, remote(text) ? '' : text, {
      fields,
      selectedValue: normalized,
      ...(optimal || search ? {} : { minSearchLength: 1, firstPageSize: Number.POSITIVE_INFINITY }),
    });
  const computeRef = useRef(compute);
  computeRef.current = compute;
  // What the scheduler runs at the filter delay: the server's answer for a search, else the local filter.
  const filter = (text: string): T[] | Promise<T[]> => (search && remote(text) ? search(normalizeSearchText(text)).then((found) => [...found]) : compute(text));
  const filterRef = useRef(filter);
  filterRef.current = filter;

  const schedulerRef = useRef<SelectScheduler<T[]> | null>(null);
  if (schedulerRef.current === null) {
    schedulerRef.current = new SelectScheduler<T[]>({
      filter: (text) => filterRef.current(text),
      results: (found) => {
        setResults(found);
        setSearching(false);
        setFailed(false);
        setActive(found.length > 0 ? 0 : -1);
      },
      failed: () => {
        setResults([]);
        setSearching(false);
        setFailed(true);
        setActive(-1);
      },
      clearQuery: () => setQuery(''),
    });
  }
  useEffect(() => () => schedulerRef.current?.dispose(), []);

  // Items changed to empty ⇒ value and item are cleared.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // Only a change from some items to none clears (a value may arrive before its items load).
  const hadItems = useRef(list.length > 0);
  useEffect(() => {
    if (list.length > 0) {
      hadItems.current = true;
      return;
    }
    if (hadItems.current) {
      hadItems.current = false;
      if (normalized !== null) onChangeRef.current(null, null);
    }
  }, [list, normalized]);

  // Keep the active option scrolled into view.
  useEffect(() => {
    if (!open || active < 0) return;
    const el = document.getElementById(`${fieldId}-option-${active}`);
    if (el && typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'nearest' });
  }, [open, active, fieldId]);

  // Keep the open list in step with new items (a server search's answer stays as it came).
  useEffect(() => {
    if (open && !remote(query)) setResults(computeRef.current(query));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list]);

  const openList = () => {
    if (disabled || open) return;
    // A new opening starts from the unfiltered first page (the old search text is not shown while closed).
    setQuery('');
    setFailed(false);
    const found = compute('');
    setResults(found);
    const index = found.findIndex((item) => sameSelectValue(getItemValue(item, fields), normalized));
    setActive(index >= 0 ? index : found.length > 0 ? 0 : -1);
    setOpen(true);
  };

  const close = () => {
    schedulerRef.current?.cancelSearch();
    setSearching(false);
    setOpen(false);
  };

  const choose = (item: T | null) => {
    onChange(item === null ? null : getItemValue(item, fields), item);
    close();
    schedulerRef.current?.selected();
  };

  const onInput = (text: string) => {
    setQuery(text);
    setFailed(false);
    if (!open) setOpen(true);
    setSearching(true);
    schedulerRef.current?.search(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          openList();
          return;
        }
        setActive((current) => moveActiveIndex(current, event.key === 'ArrowDown' ? 1 : -1, results.length));
        return;
      }
      case 'Home':
      case 'End':
        if (open && results.length > 0) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : results.length - 1);
        }
        return;
      case 'Enter':
        if (open) {
          event.preventDefault();
          if (active >= 0 && active < results.length) choose(results[active]);
        } else {
          event.preventDefault();
          openList();
        }
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setQuery('');
          close();
        }
        return;
      case 'Tab':
        if (open) close();
        return;
      default:
    }
  };

  const showClear = (clearable ?? !required) && normalized !== null && !disabled;
  // An input holds plain text: the chosen title is shown without stored bidi controls (options are <bdi>).
  const selectedTitle = selected ? stripBidiControls(getItemTitle(selected, fields)) : '';
  const optionId = (index: number) => `${fieldId}-option-${index}`;
  const shortQuery = optimal && query.trim() !== '' && !isSearchQuery(query);
  const minChars = i18n.language?.toLowerCase().includes('fa')
    ? toPersianDigits(SELECT_TIMING.minSearchLength)
    : SELECT_TIMING.minSearchLength;

  return (
    <FieldFrame id={fieldId} label={label} required={required} hint={hint} errorText={errorText} className={className}>
      <div className="relative" data-testid={testId ? `${testId}-root` : undefined}>
        <input
          ref={inputRef}
          id={fieldId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-haspopup="listbox"
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-invalid={errorText ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(fieldId, hint, errorText)}
          aria-busy={loading || searching || undefined}
          disabled={disabled}
          placeholder={open && selectedTitle ? selectedTitle : (placeholder ?? (t('select.placeholder') as string))}
          value={open ? query : selectedTitle}
          onChange={(e) => onInput(e.target.value)}
          onFocus={openList}
          onClick={openList}
          onBlur={close}
          onKeyDown={onKeyDown}
          className={cx(inputClass(!!errorText), 'pe-16')}
          data-testid={testId}
        />
        <div className="absolute inset-y-0 end-2 flex items-center gap-1">
          {(loading || searching) && <Spinner size="sm" />}
          {showClear && (
            <button
              type="button"
              tabIndex={-1}
              aria-label={t('select.clear') as string}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(null)}
              className="rounded px-1 text-gray-500 hover:text-gray-800 dark:text-gray-400 dark:hover:text-gray-100"
              data-testid={testId ? `${testId}-clear` : undefined}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
          <span aria-hidden="true" className="text-xs text-gray-500 dark:text-gray-400">
            ▾
          </span>
        </div>
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={!open}
          className="absolute z-30 mt-1 max-h-64 w-full overflow-auto rounded-md border border-gray-200 bg-white py-1 text-sm shadow-lg dark:border-gray-700 dark:bg-gray-900"
          data-testid={testId ? `${testId}-listbox` : undefined}
        >
          {open &&
            results.map((item, index) => {
              const itemValue = getItemValue(item, fields);
              const isSelected = sameSelectValue(itemValue, normalized);
              return (
                <li
                  key={`${String(itemValue)}-${index}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={isSelected}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(item)}
                  onMouseEnter={() => setActive(index)}
                  className={cx(
                    'cursor-pointer px-3 py-1.5 text-start',
                    index === active && 'bg-blue-50 dark:bg-blue-900/40',
                    isSelected && 'font-semibold text-blue-700 dark:text-blue-300',
                  )}
                  data-testid={testId ? `${testId}-option` : undefined}
                  data-value={itemValue === null ? undefined : String(itemValue)}
                >
                  {renderOption ? renderOption(item) : <UserText>{getItemTitle(item, fields)}</UserText>}
                </li>
              );
            })}
          {open && !searching && results.length === 0 && (
            <li role="presentation" className="px-3 py-1.5 text-gray-500 dark:text-gray-400" data-testid={testId ? `${testId}-empty` : undefined}>
              {t(failed ? 'select.searchFailed' : 'select.noResults')}
            </li>
          )}
          {open && shortQuery && (
            <li role="presentation" className="px-3 py-1 text-xs text-gray-500 dark:text-gray-400">
              {t('select.minChars', { min: minChars })}
            </li>
          )}
        </ul>
      </div>
    </FieldFrame>
  );
}
