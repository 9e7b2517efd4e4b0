import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../support/browser.js';
import { enterBrowserPhase, sharedServer } from '../../support/fixtures.js';

/**
 * A browser whose resolver sends every `*.test` host to the shared test server, so white-label
 * domains (chosen by the Host header) are reached under their own names; `origin(host)` is that
 * host's panel address. A suite calls `enterBrowserPhase` itself before it fills the server (that
 * call replaces the shared server); the call here is then a no-op.
 */
export async function launchForTestHosts(): Promise<{ browser: Browser; origin: (host: string) => string }> {
  await enterBrowserPhase();
  const port = new URL((await sharedServer()).url).port;
  const browser = await launchBrowser(['--host-resolver-rules=MAP *.test 127.0.0.1']);
  return { browser, origin: (host: string) => `http://${host}:${port}` };
}

/** The sign-in page as a white-label domain shows it, and the domains management page. */
export class BrandedLoginPage {
  constructor(private readonly page: Page, private readonly origin: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.origin}/account/login`);
    await this.page.getByTestId('login-form').waitFor();
  }

  title() { return this.page.getByTestId('app-title'); }
  logo() { return this.page.getByTestId('brand-logo'); }
  shell() { return this.page.getByTestId('login-shell'); }
  submit() { return this.page.getByTestId('login-submit'); }
  loginImage() { return this.page.getByTestId('login-image'); }

  /** The computed colour of an element's property, as the browser paints it (`rgb(r, g, b)`). */
  colourOf(testId: string, property: 'color' | 'background-color'): Promise<string> {
    // The function runs in the page (this project's tests compile without the DOM library).
    return this.page.getByTestId(testId).evaluate((el: any, p) => el.ownerDocument.defaultView.getComputedStyle(el).getPropertyValue(p) as string, property);
  }

  /** Whether an image loaded and decoded (a broken one has no natural width). */
  loaded(testId: string): Promise<boolean> {
    return this.page.getByTestId(testId).evaluate((el: any) => Boolean(el.complete && el.naturalWidth > 0));
  }

  async signIn(userName: string, password: string): Promise<void> {
    await this.page.getByTestId('login-username').fill(userName);
    await this.page.getByTestId('login-password').fill(password);
    await this.submit().click();
  }

  error() { return this.page.getByTestId('login-error'); }
}

export class DomainsPages {
  constructor(private readonly page: Page, private readonly origin: string) {}

  async openList(): Promise<void> {
    await this.page.goto(`${this.origin}/organizations/domains`);
    await this.page.getByTestId('domains-page').waitFor();
  }

  rowNames() { return this.page.getByTestId('domain-row-name'); }

  async startNew(): Promise<void> {
    await this.page.getByTestId('domain-create').first().click();
    await this.page.getByTestId('domain-form').waitFor();
  }

  form() { return this.page.getByTestId('domain-form'); }
  host() { return this.page.getByTestId('domain-host'); }
  save() { return this.page.getByTestId('domain-save').click(); }
  /** The message under a field (FieldFrame's `<id>-error`). */
  fieldError(id: string) { return this.page.locator(`#${id}-error`); }
  imageRules() { return this.page.getByTestId('domain-image-rules'); }

  async openEdit(id: number): Promise<void> {
    await this.page.goto(`${this.origin}/organizations/domains/${id}`);
    await this.page.getByTestId('domain-images').waitFor();
  }

  /** Hands a file to the logo's hidden file input (what the browser's dialog would do). */
  chooseLogo(name: string, buffer: Buffer) {
    return this.page.getByTestId('domain-logo-file').setInputFiles({ name, mimeType: name.endsWith('.png') ? 'image/png' : 'image/jpeg', buffer });
  }

  logoError() { return this.page.getByTestId('domain-logo-error'); }
  logoPreview() { return this.page.getByTestId('domain-logo-preview'); }
}
