/**
 * Benchmark: how soon `/api/docs` (Swagger UI over the panel's whole OpenAPI document) is usable in
 * Chromium: the first tag heading is on screen and a click opens its operations; then the largest
 * tag's document is chosen in the top bar. Measured on the
 * loopback and over an emulated 8 Mbit/s link with 40 ms latency (a reseller's office reaching its
 * server), cold (empty cache) and warm (a second visit), with the bytes the browser received.
 * Aim (issue 23 item 9): usable within 3 s cold over the emulated link.   npm run bench:api-docs
 */
import { chromium, type Browser } from 'playwright-core';
import { benchDatabase, startBenchServer } from './bench-server.js';

interface Visit { ms: number; openTagMs: number; bytes: number; switchMs: number }

async function visit(browser: Browser, url: string, throttled: boolean, twice: boolean): Promise<Visit[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: (8_000_000 / 8), uploadThroughput: (2_000_000 / 8) });
  }
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => { bytes += e.encodedDataLength; });
  const out: Visit[] = [];
  for (let round = 0; round < (twice ? 2 : 1); round++) {
    bytes = 0;
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const firstTag = page.locator('.opblock-tag').first();
    await firstTag.waitFor({ state: 'visible', timeout: 120_000 });
    const ms = Date.now() - started;
    const clicked = Date.now();
    await firstTag.click();
    await page.locator('.opblock').first().waitFor({ state: 'visible', timeout: 60_000 });
    const openTagMs = Date.now() - clicked;
    // The largest tag's document (billing, a fifth of the calls), chosen in the top bar.
    const switched = Date.now();
    await page.locator('.topbar select').selectOption({ label: 'billing' });
    await page.locator('.opblock-tag[data-tag="billing"]').waitFor({ state: 'visible', timeout: 120_000 });
    out.push({ ms, openTagMs, bytes, switchMs: Date.now() - switched });
  }
  await context.close();
  return out;
}

const db = await benchDatabase();
const server = await startBenchServer(db, 3947);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const url = `${server.base}/api/docs/`;
  const json = await fetch(`${server.base}/api/docs/openapi.json`, { headers: { 'accept-encoding': 'identity' } });
  const jsonBytes = (await json.arrayBuffer()).byteLength;
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  const lines = [`api-docs: openapi.json ${kb(jsonBytes)} uncompressed`];
  for (const throttled of [false, true]) {
    const [cold, warm] = await visit(browser, url, throttled, true);
    const link = throttled ? '8 Mbit/s + 40 ms' : 'loopback';
    lines.push(`api-docs: ${link}: cold usable ${cold!.ms} ms (${kb(cold!.bytes)} received), a tag opens in ${cold!.openTagMs} ms, the largest tag's document in ${cold!.switchMs} ms; warm usable ${warm!.ms} ms (${kb(warm!.bytes)})`);
    if (throttled) lines.push(`api-docs: aim cold usable <= 3000 ms over the emulated link: ${cold!.ms <= 3000 ? 'MET' : 'NOT MET'}`);
  }
  process.stdout.write(lines.join('\n') + '\n');
} finally {
  await browser.close();
  await server.stop();
  await db.drop();
}
