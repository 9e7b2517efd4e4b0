import { fieldError } from './errors.js';
import { escapeLike } from '../tenancy.js';

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

/**
 * The LIKE / ILIKE pattern "contains `term`" for text a user typed: `%`, `_` and the backslash are
 * escaped (PostgreSQL's default LIKE escape character), so each matches itself and a search for
 * "50%" does not find "50 rials off". Use it for every pattern built from user input.
 */
export function likeContains(term: string): string {
  return `%${escapeLike(term)}%`;
}
