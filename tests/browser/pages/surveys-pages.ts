import type { Locator, Page } from 'playwright-core';

/** The public survey page (online-survey/:id), as a respondent on a phone uses it. */
export class OnlineSurveyPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(publicId: string, sl?: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/online-survey/${publicId}${sl ? `?sl=${encodeURIComponent(sl)}` : ''}`);
    await this.page.getByTestId('online-survey-page').waitFor();
  }

  title(): Locator { return this.page.getByTestId('online-survey-title'); }
  notFound(): Locator { return this.page.getByTestId('online-survey-not-found'); }
  question(): Locator { return this.page.getByTestId('online-survey-question'); }
  error(): Locator { return this.page.getByTestId('online-survey-error'); }
  finished(): Locator { return this.page.getByTestId('online-survey-finished'); }

  async start(): Promise<void> {
    await this.page.getByTestId('online-survey-start').click();
    await this.page.locator('[data-testid="online-survey-question"], [data-testid="online-survey-finished"]').first().waitFor();
  }

  /** The question shown now (its text as the respondent reads it). */
  async questionText(): Promise<string> {
    return (await this.question().locator('legend, label[for="online-survey-answer"]').first().innerText()).replace(/\s*\*.*$/s, '').trim();
  }

  async choose(option: string): Promise<void> {
    await this.page.getByTestId('online-survey-option').filter({ hasText: option }).click();
  }

  async type(value: string): Promise<void> {
    await this.page.getByTestId('online-survey-answer').fill(value);
  }

  /** Next, then waits for the server's answer and for the page to show it (another question, an error or the end). */
  async next(): Promise<void> {
    await this.afterCall('Answer', () => this.page.getByTestId('online-survey-next').click());
  }

  async back(): Promise<void> {
    await this.afterCall('Back', () => this.page.getByTestId('online-survey-back').click());
  }

  private async afterCall(action: string, click: () => Promise<void>): Promise<void> {
    const answered = this.page.waitForResponse((r) => r.url().includes(`/OnlineSurvey/${action}`));
    await click();
    await answered;
    // The page is busy until the answer is shown: its buttons are enabled again, or the end is shown.
    await this.page.locator('[data-testid="online-survey-finished"], [data-testid="online-survey-next"]:not([disabled])').first().waitFor();
  }

  /** How far the page is wider than the screen (0 = fits). */
  async overflow(): Promise<number> {
    return this.page.evaluate('document.documentElement.scrollWidth - window.innerWidth') as Promise<number>;
  }
}

/** The panel's survey editor and results pages. */
export class SurveyPanelPages {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async openEditor(id: number): Promise<void> {
    await this.page.goto(`${this.baseUrl}/surveys/${id}/edit`);
    await this.page.getByTestId('survey-questions').waitFor();
  }

  questions(): Locator { return this.page.getByTestId('survey-question'); }
  publicUrl(): Locator { return this.page.getByTestId('survey-public-url'); }
  crmNotice(): Locator { return this.page.getByTestId('survey-crm-notice'); }

  /** "Send survey": the send page's text and whether a personal link per receiver is chosen. */
  async sendSurvey(): Promise<{ text: string; personalLinks: boolean }> {
    await this.page.getByTestId('survey-send').click();
    const text = this.page.getByTestId('send-text');
    await text.waitFor();
    return { text: await text.inputValue(), personalLinks: await this.page.getByTestId('send-short-links-PerReceiver').isChecked() };
  }

  async openResults(id: number): Promise<void> {
    await this.page.goto(`${this.baseUrl}/surveys/${id}/results`);
    await this.page.getByTestId('survey-results-page').waitFor();
  }

  responseCount(): Locator { return this.page.getByTestId('survey-response-count'); }
  respondentReceivers(): Locator { return this.page.getByTestId('survey-respondent-receiver'); }
  optionCounts(): Locator { return this.page.getByTestId('survey-option-count'); }
  dayChart(): Locator { return this.page.getByTestId('survey-chart-days'); }
}
