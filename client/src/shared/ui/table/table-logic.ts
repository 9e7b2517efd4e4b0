/** Pure helpers of the data table: paging arithmetic and the column chooser rule. */

export const MIN_VISIBLE_COLUMNS = 2;
export const DEFAULT_PAGE_SIZES: readonly number[] = [10, 20, 50, 100];

export const pageCount = (totalCount: number, pageSize: number): number =>
  pageSize > 0 ? Math.max(1, Math.ceil(Math.max(0, totalCount) / pageSize)) : 1;

/** 1-based first and last row numbers of a page (0 and 0 when empty). */
export function pageRange(pageIndex: number, pageSize: number, totalCount: number): { from: number; to: number } {
  if (totalCount <= 0) return { from: 0, to: 0 };
  const from = pageIndex * pageSize + 1;
  return { from: Math.min(from, totalCount), to: Math.min(totalCount, from + pageSize - 1) };
}

export const clampPageIndex = (pageIndex: number, pageSize: number, totalCount: number): number =>
  Math.min(Math.max(0, pageIndex), pageCount(totalCount, pageSize) - 1);

/**
 * Toggles a column key in the visible list, keeping at least MIN_VISIBLE_COLUMNS visible (or all
 * columns when fewer exist). Returns the same array when the toggle is refused.
 */
export function toggleColumn(
  visible: readonly string[],
  key: string,
  allKeys: readonly string[],
  minVisible: number = MIN_VISIBLE_COLUMNS,
): readonly string[] {
  if (visible.includes(key)) {
    if (visible.length <= Math.min(minVisible, allKeys.length)) return visible;
    return visible.filter((k) => k !== key);
  }
  return allKeys.filter((k) => k === key || visible.includes(k));
}

/** True when a visible column may not be hidden because of the minimum. */
export const isColumnLocked = (
  visible: readonly string[],
  key: string,
  allKeys: readonly string[],
  minVisible: number = MIN_VISIBLE_COLUMNS,
): boolean => visible.includes(key) && visible.length <= Math.min(minVisible, allKeys.length);
