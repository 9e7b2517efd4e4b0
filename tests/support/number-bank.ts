import type { ApiClient } from './api-client.js';
import { ok } from './envelope.js';

/**
 * Imports number-bank rows through `NumberBank/Import` as the system administrator (`adminToken`)
 * and waits until the import completes; answers the finished import. `rows` are CSV lines, the
 * first naming the columns (`mobile,stateName,…`). A failed import, or none finished in two
 * minutes, throws: every caller needs the numbers in the bank before it goes on.
 */
export async function importBankRows(api: ApiClient, adminToken: string, rows: readonly string[], fileName = 'bank.csv'): Promise<any> {
  const res = await fetch(new URL(`/api/NumberBank/Import?fileName=${encodeURIComponent(fileName)}`, api.baseUrl), {
    method: 'POST', headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/octet-stream' }, body: new TextEncoder().encode(`${rows.join('\n')}\n`),
  });
  const started = ((await res.json()) as any).data;
  if (!started?.id) throw new Error(`import refused: HTTP ${res.status}`);
  const until = Date.now() + 120_000;
  for (;;) {
    const row = ok(await api.get(`NumberBank/Import/${started.id}`, { token: adminToken }));
    if (row.status === 'Completed') return row;
    if (row.status === 'Failed' || Date.now() > until) throw new Error(`import ${row.status}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
