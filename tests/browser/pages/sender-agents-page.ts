import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';
import { SelectControl } from './select-control.js';

export interface AgentHealthShown {
  /** up | degraded | down | unknown */
  state: string;
  /** The detail shown under the badge (for a state other than up), else ''. */
  detail: string;
}

/**
 * Sender agents (/infrastructure/sender-agents): the table with live health badges, the agent
 * dialog whose plugin options are generated from the plugin's JSON Schema, and "test connection".
 * Generated option fields have the test id `agent-option-<path>` (dots as dashes: `tls-ca`).
 */
export class SenderAgentsPage {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'agents-table');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/infrastructure/sender-agents`);
    await this.page.getByTestId('sender-agents-page').waitFor();
  }

  /** The row whose title is exactly `name` (a plugin cell may hold the same word). */
  row(name: string): Locator {
    return this.page.getByTestId('agents-table-row').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** Searches the list for `name` (the list pages at 20: a shared server holds many agents). */
  async show(name: string): Promise<void> {
    await this.page.getByTestId('agents-search').fill(name);
    await this.page.getByTestId('agents-search-submit').click();
  }
  dialog(): Locator { return this.page.getByTestId('agent-dialog'); }
  option(path: string): Locator { return this.dialog().getByTestId(`agent-option-${path.replace(/\./g, '-')}`); }

  /** The message shown under a generated option field (server or form check), '' when none. */
  async optionError(path: string): Promise<string> {
    const id = await this.option(path).getAttribute('id');
    const error = this.page.locator(`[id="${id}-error"]`);
    return (await error.count()) > 0 ? error.innerText() : '';
  }

  /** Opens the "new agent" dialog and picks the plugin by its name (e.g. 'email', 'simulator', 'smpp'). */
  async startAgent(plugin: string, title: string): Promise<void> {
    await this.page.getByTestId('agents-create').click();
    await this.dialog().waitFor();
    await this.dialog().getByTestId('agent-title').fill(title);
    await new SelectControl(this.page, this.dialog(), 'agent-plugin').choose(`(${plugin} `, plugin);
    await this.dialog().getByTestId('agent-options-fieldset').waitFor();
  }

  /** Closes the agent dialog without saving (Escape). */
  async closeDialog(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.dialog().waitFor({ state: 'detached' });
  }

  /** The label shown for a generated option field (in the page's language). */
  async optionLabel(path: string): Promise<string> {
    const id = await this.option(path).getAttribute('id');
    return (await this.dialog().locator(`label[for="${id}"]`).innerText()).replace(/\s*\*\s*$/, '').trim();
  }

  /** The presets the open dialog offers under "start from" (their labels, without the empty choice). */
  async presets(): Promise<string[]> {
    const labels = await this.dialog().getByTestId('agent-preset').locator('option').allInnerTexts();
    return labels.slice(1).map((l) => l.trim());
  }

  /** Fills the options form from one of the plugin's presets, by its label (e.g. 'kavenegar'). */
  async startFrom(presetName: string): Promise<void> {
    await this.dialog().getByTestId('agent-preset').selectOption({ label: presetName });
  }

  /** Fills generated option fields: text for inputs, textareas and selects; true/false for checkboxes. */
  async fillOptions(fields: Record<string, string | boolean>): Promise<void> {
    for (const [path, value] of Object.entries(fields)) {
      const field = this.option(path);
      const tag = await field.evaluate((el) => el.tagName.toLowerCase());
      const type = await field.getAttribute('type');
      if (type === 'checkbox') await field.setChecked(value === true);
      else if (tag === 'select') await field.selectOption(String(value));
      else await field.fill(String(value));
    }
  }

  /** Saves the dialog; resolves when it closed (false: it stayed open with errors). */
  async save(): Promise<boolean> {
    await this.dialog().getByTestId('agent-save').click();
    const closed = this.dialog().waitFor({ state: 'detached', timeout: 10_000 }).then(() => true, () => false);
    const refused = this.dialog().getByTestId('agent-errors').waitFor({ timeout: 10_000 }).then(() => false, () => true);
    return Promise.race([closed, refused]);
  }

  /** The whole "add an agent" path: plugin, generated fields, save, the row shown. */
  async addAgent(plugin: string, fields: Record<string, string | boolean>, title = `${plugin} ${Date.now().toString(36)}`): Promise<string> {
    await this.startAgent(plugin, title);
    await this.fillOptions(fields);
    if (!(await this.save())) throw new Error(`the agent was not saved: ${await this.dialog().getByTestId('agent-errors').innerText()}`);
    await this.show(title);
    await this.row(title).waitFor();
    return title;
  }

  async healthOf(name: string): Promise<AgentHealthShown> {
    await this.show(name);
    const badge = this.row(name).getByTestId('agent-health');
    const detail = badge.getByTestId('agent-health-detail');
    return { state: (await badge.getAttribute('data-state')) ?? '', detail: (await detail.count()) > 0 ? await detail.innerText() : '' };
  }

  /** Waits (without reloading) until the row's badge shows this state. */
  async waitForHealth(name: string, state: string, timeoutMs = 10_000): Promise<void> {
    await this.show(name);
    await this.row(name).locator(`[data-testid="agent-health"][data-state="${state}"]`).waitFor({ timeout: timeoutMs });
  }

  /** Presses the row's "test connection" and answers what it showed. */
  async testConnection(name: string): Promise<AgentHealthShown> {
    await this.show(name);
    const row = this.row(name);
    // The click removes the previous answer at once; the next one shown is this test's.
    await row.getByTestId('agent-test').click();
    const result = row.getByTestId('agent-test-result');
    await result.waitFor({ timeout: 20_000 });
    return { state: (await result.getAttribute('data-state')) ?? '', detail: await result.innerText() };
  }
}
