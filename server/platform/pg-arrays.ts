/**
 * PostgreSQL array literals for `unnest(?::text[], ?::int[], …)` statements: a group of thousands
 * of rows as one bind parameter per column, where a multi-row VALUES would take one per cell (and
 * cost far more to build, send and plan). The same literal works on PostgreSQL and PGlite.
 */
export function pgTextArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}

/** Integers (or null) as an array literal; anything not a safe integer is refused rather than written into SQL. */
export function pgIntArray(values: readonly (number | null)[]): string {
  return `{${values.map((v) => {
    if (v === null) return 'NULL';
    if (!Number.isSafeInteger(v)) throw new Error(`not an integer: ${String(v)}`);
    return String(v);
  }).join(',')}}`;
}
