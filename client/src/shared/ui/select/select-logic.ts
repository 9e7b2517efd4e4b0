/**
 * Pure select-control logic (no React): value normalisation, item lookup, the "optimal search"
 * filter and a timer scheduler for the spec's delays. Timers are looked up on globalThis at call
 * time, so sinon fake timers installed before or after construction drive it.
 */

export type SelectValue = string | number | null;

export interface SelectFields {
  /** Name of the item property holding the value (default 'id'). */
  valueField: string;
  /** Name of the item property holding the visible title (default 'title'). */
  titleField: string;
}

export const DEFAULT_SELECT_FIELDS: SelectFields = { valueField: 'id', titleField: 'title' };

/** Constants of spec section 9. */
export const SELECT_TIMING = {
  filterDelayMs: 200,
  resultDelayMs: 400,
  clearAfterSelectMs: 100,
  firstPageSize: 10,
  minSearchLength: 3,
} as const;

export type SelectTiming = { [K in keyof typeof SELECT_TIMING]: number };

/** -1, '' (also blank), undefined and null all mean "no value". */
export function normalizeSelectValue(value: unknown): SelectValue {
  if (value === undefined || value === null || value === -1 || value === '-1') return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  return null;
}

export const isEmptySelectValue = (value: unknown): boolean => normalizeSelectValue(value) === null;

const field = (item: unknown, name: string): unknown =>
  item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[name] : undefined;

export function getItemValue(item: unknown, fields: SelectFields = DEFAULT_SELECT_FIELDS): SelectValue {
  return normalizeSelectValue(field(item, fields.valueField));
}

export function getItemTitle(item: unknown, fields: SelectFields = DEFAULT_SELECT_FIELDS): string {
  const title = field(item, fields.titleField);
  return title === undefined || title === null ? '' : String(title);
}

/** Values compare loosely across string/number (an id 5 matches '5'). */
export function sameSelectValue(a: unknown, b: unknown): boolean {
  const x = normalizeSelectValue(a);
  const y = normalizeSelectValue(b);
  if (x === null || y === null) return x === y;
  return String(x) === String(y);
}

export function findSelectItem<T>(
  items: readonly T[],
  value: unknown,
  fields: SelectFields = DEFAULT_SELECT_FIELDS,
): T | null {
  if (isEmptySelectValue(value)) return null;
  return items.find((item) => sameSelectValue(getItemValue(item, fields), value)) ?? null;
}

export interface SelectState<T> {
  value: SelectValue;
  item: T | null;
}

/**
 * Applies a new item list to the current state: an empty list clears value and item;
 * otherwise the item is looked up again (the value is kept even if not in the list yet).
 */
export function reconcileSelectItems<T>(
  state: SelectState<T>,
  items: readonly T[] | null | undefined,
  fields: SelectFields = DEFAULT_SELECT_FIELDS,
): SelectState<T> {
  if (!items || items.length === 0) return { value: null, item: null };
  const value = normalizeSelectValue(state.value);
  return { value, item: findSelectItem(items, value, fields) };
}

/** Lower-cases, trims, unifies Arabic ي/ى ⇒ ی and ك ⇒ ک, Persian/Arabic digits ⇒ Latin, drops ZWNJ. */
export function normalizeSearchText(text: string): string {
  return text
    .replace(/[يى]/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/\u200c/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export interface OptimalSearchOptions {
  fields?: SelectFields;
  /** The current value; its item stays visible in the unfiltered first page. */
  selectedValue?: unknown;
  minSearchLength?: number;
  firstPageSize?: number;
}

/**
 * "Optimal search": a query of at least 3 characters filters by title (case-insensitive,
 * ی/ي and ک/ك alike); a shorter query shows the first 10 items, with the selected item
 * appended when it is not among them.
 */
export function optimalSearch<T>(items: readonly T[], query: string, options: OptimalSearchOptions = {}): T[] {
  const fields = options.fields ?? DEFAULT_SELECT_FIELDS;
  const minLength = options.minSearchLength ?? SELECT_TIMING.minSearchLength;
  const pageSize = options.firstPageSize ?? SELECT_TIMING.firstPageSize;
  const needle = normalizeSearchText(query);
  if (needle.length >= minLength) {
    return items.filter((item) => normalizeSearchText(getItemTitle(item, fields)).includes(needle));
  }
  const page = items.slice(0, pageSize);
  const selected = findSelectItem(items, options.selectedValue, fields);
  if (selected !== null && !page.includes(selected)) page.push(selected);
  return page;
}

/** True when a query is long enough to filter. */
export const isSearchQuery = (query: string, minLength: number = SELECT_TIMING.minSearchLength): boolean =>
  normalizeSearchText(query).length >= minLength;

/** Index arithmetic for keyboard navigation in the list (wraps around; -1 when empty). */
export function moveActiveIndex(current: number, delta: number, count: number): number {
  if (count <= 0) return -1;
  if (current < 0) return delta >= 0 ? 0 : count - 1;
  return (((current + delta) % count) + count) % count;
}

export interface SelectSchedulerHandlers<R> {
  /**
   * Runs filterDelayMs after the last keystroke; returns the results to publish, or a promise of
   * them (a server search: it starts at the filter delay and is published when both the result
   * delay has passed and the answer has come).
   */
  filter: (query: string) => R | PromiseLike<R>;
  /** Runs resultDelayMs after the last keystroke with what filter returned. */
  results: (results: R, query: string) => void;
  /** A server search failed (results is not called for it). */
  failed?: (error: unknown, query: string) => void;
  /** Runs clearAfterSelectMs after a selection (clears the search text). */
  clearQuery?: () => void;
}

const isThenable = <R>(value: R | PromiseLike<R>): value is PromiseLike<R> =>
  value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';

/** A server answer that fails before the result delay is handled later: mark it handled now (no "unhandled rejection"). */
function settled<R>(value: R | PromiseLike<R>): R | PromiseLike<R> {
  if (!isThenable(value)) return value;
  const promise = Promise.resolve(value);
  promise.catch(() => undefined);
  return promise;
}

type TimerHandle = ReturnType<typeof setTimeout>;

/**
 * Debounced search scheduler. For each keystroke (search): pending work is cancelled, the filter
 * runs 200 ms later, and the results are published 400 ms after the keystroke (an asynchronous
 * filter's answer: at 400 ms or when it comes, whichever is later; an answer to an older keystroke
 * is dropped). A selection (selected) cancels any pending search and clears the query after 100 ms.
 */
export class SelectScheduler<R> {
  private readonly timing: SelectTiming;
  private filterTimer: TimerHandle | null = null;
  private resultTimer: TimerHandle | null = null;
  private clearTimer: TimerHandle | null = null;
  private computed: { query: string; results: R | PromiseLike<R> } | null = null;
  /** Bumped by every cancellation: an answer that comes back for an older generation is dropped. */
  private generation = 0;
  private awaiting = false;

  constructor(
    private readonly handlers: SelectSchedulerHandlers<R>,
    timing: Partial<SelectTiming> = {},
  ) {
    this.timing = { ...SELECT_TIMING, ...timing };
  }

  /** True while a filter, publication or clear is waiting. */
  get pending(): boolean {
    return this.filterTimer !== null || this.resultTimer !== null || this.clearTimer !== null || this.awaiting;
  }

  search(query: string): void {
    this.cancelSearch();
    const resultDelay = Math.max(this.timing.resultDelayMs, this.timing.filterDelayMs);
    this.filterTimer = globalThis.setTimeout(() => {
      this.filterTimer = null;
      this.computed = { query, results: settled(this.handlers.filter(query)) };
    }, this.timing.filterDelayMs);
    this.resultTimer = globalThis.setTimeout(() => {
      this.resultTimer = null;
      const computed = this.computed ?? { query, results: this.handlers.filter(query) };
      this.computed = null;
      if (!isThenable(computed.results)) {
        this.handlers.results(computed.results, computed.query);
        return;
      }
      const generation = this.generation;
      this.awaiting = true;
      computed.results.then(
        (results) => {
          if (generation !== this.generation) return;
          this.awaiting = false;
          this.handlers.results(results, computed.query);
        },
        (error: unknown) => {
          if (generation !== this.generation) return;
          this.awaiting = false;
          this.handlers.failed?.(error, computed.query);
        },
      );
    }, resultDelay);
  }

  selected(): void {
    this.cancelSearch();
    if (this.clearTimer !== null) globalThis.clearTimeout(this.clearTimer);
    this.clearTimer = globalThis.setTimeout(() => {
      this.clearTimer = null;
      this.handlers.clearQuery?.();
    }, this.timing.clearAfterSelectMs);
  }

  cancelSearch(): void {
    this.generation += 1;
    this.awaiting = false;
    if (this.filterTimer !== null) globalThis.clearTimeout(this.filterTimer);
    if (this.resultTimer !== null) globalThis.clearTimeout(this.resultTimer);
    this.filterTimer = null;
    this.resultTimer = null;
    this.computed = null;
  }

  dispose(): void {
    this.cancelSearch();
    if (this.clearTimer !== null) globalThis.clearTimeout(this.clearTimer);
    this.clearTimer = null;
  }
}
