import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import type { ApiClient } from './api-client.js';
import { enterBrowserPhase, sharedApi, sharedServer } from './fixtures.js';

export const CHROMIUM_PATH = process.env.PEYK_CHROMIUM ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/**
 * Debian's Chromium, never a downloaded one; the flags keep it off this machine's closed network.
 * `extraArgs`: more switches (e.g. `--host-resolver-rules=MAP *.test 127.0.0.1`, so several host
 * names reach the test server, as white-label domains do).
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
  });
}

/** In a `before` hook: skips the suite, loudly, on a machine without Chromium (CI always has it). */
export function skipWithoutChromium(ctx: Mocha.Context): void {
  if (chromiumAvailable()) return;
  console.log(`\n!!! BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM_PATH}\n`);
  ctx.skip();
}

export interface SharedBrowser {
  browser: Browser;
  baseUrl: string;
  api: ApiClient;
}

/**
 * For a browser suite on the shared test server (call it in the `describe` body, before the suite's
 * own hooks): skips the suite without Chromium, launches it once, hands over the browser, the
 * server's address and an API client, and closes the browser after the suite.
 */
export function onSharedBrowser(take: (shared: SharedBrowser) => void): void {
  let browser: Browser | undefined;
  before(async function () {
    skipWithoutChromium(this);
    // Stopping the earlier phases' server and starting the browsers' one takes a while, once.
    this.timeout(Math.max(this.timeout(), 120_000));
    await enterBrowserPhase();
    const baseUrl = (await sharedServer()).url;
    const api = await sharedApi();
    browser = await launchBrowser();
    take({ browser, baseUrl, api });
  });
  after(async () => { await browser?.close(); });
}
