import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, type SelectProps } from './select';
import {
  findSelectItem,
  getItemValue,
  normalizeSelectValue,
  sameSelectValue,
  type SelectFields,
  type SelectValue,
} from './select-logic';

export interface ServerSelectProps<T> extends Omit<SelectProps<T>, 'items' | 'search' | 'optimalSearch'> {
  /**
   * Asks the server: '' for the first page (the spec's first 10), otherwise the search text
   * (already 3 characters or more, digits Latin).
   */
  load: (query: string) => Promise<readonly T[]>;
  /** Reads one item by its value, to show the name of a value set before the list was searched (an edited record). */
  resolve?: (value: string | number) => Promise<T | null>;
  /** The first page is loaded again when this changes (a picker scoped to an organization). */
  scope?: string | number | null;
}

/**
 * The select search over a server list: the first page is loaded on mount, a typed query of 3
 * characters or more is searched on the server with the spec's delays, and the chosen item stays
 * in the list so its name shows even when it came from a search or from `resolve`.
 */
export function ServerSelect<T>({ load, resolve, scope = null, value, onChange, valueField = 'id', titleField = 'title', loading, ...rest }: ServerSelectProps<T>) {
  const fields: SelectFields = useMemo(() => ({ valueField, titleField }), [valueField, titleField]);
  const [firstPage, setFirstPage] = useState<readonly T[] | null>(null);
  const [chosen, setChosen] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const loadRef = useRef(load);
  loadRef.current = load;
  const resolveRef = useRef(resolve);
  resolveRef.current = resolve;

  useEffect(() => {
    let live = true;
    setBusy(true);
    loadRef.current('').then(
      (items) => { if (live) setFirstPage(items); },
      () => { if (live) setFirstPage([]); },
    ).finally(() => { if (live) setBusy(false); });
    return () => { live = false; };
  }, [scope]);

  const normalized = normalizeSelectValue(value);
  useEffect(() => {
    if (normalized === null) {
      setChosen(null);
      return undefined;
    }
    if (chosen && sameSelectValue(getItemValue(chosen, fields), normalized)) return undefined;
    const listed = firstPage ? findSelectItem(firstPage, normalized, fields) : null;
    if (listed) {
      setChosen(listed);
      return undefined;
    }
    if (!resolveRef.current || firstPage === null) return undefined;
    let live = true;
    resolveRef.current(normalized).then((item) => { if (live && item) setChosen(item); }, () => undefined);
    return () => { live = false; };
    // chosen is compared, not followed: a new choice arrives through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [normalized, firstPage, fields]);

  const items = useMemo(() => {
    const list = [...(firstPage ?? [])];
    if (chosen && !findSelectItem(list, getItemValue(chosen, fields), fields)) list.push(chosen);
    return list;
  }, [firstPage, chosen, fields]);

  const change = (next: SelectValue, item: T | null) => {
    setChosen(item);
    onChange(next, item);
  };

  return (
    <Select<T> {...rest} items={items} value={value} valueField={valueField} titleField={titleField} loading={busy || loading}
      search={(query) => loadRef.current(query)} onChange={change} />
  );
}
