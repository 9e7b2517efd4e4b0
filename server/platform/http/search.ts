import { fieldError } from './errors.js';

/** The spec's rule for every list: a search term counts from 3 characters; blank means none. */
export function normalizeSearch<T extends { search?: string }>(filter: T): T {
  if (filter.search === undefined) return filter;
  const search = filter.search.trim();
  if (search === '') {
    const { search: _blank, ...rest } = filter;
    return rest as T;
  }
  if (search.length < 3) throw fieldError('search', 'search.minLength');
  return { ...filter, search };
}
