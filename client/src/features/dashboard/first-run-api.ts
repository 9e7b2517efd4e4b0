import { endpoint } from '../../shared/api/endpoint';
import type { FIRST_RUN_STEPS, FirstRunChecklistAnswer } from '../../../../server/shared/sends/first-run.answers';

/** The system administrator's first-run checklist (`FirstRun/GetChecklist`): every step computed by the server from real data. */
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];
export type FirstRunChecklist = FirstRunChecklistAnswer;

export const firstRunApi = {
  checklist: endpoint.get<FirstRunChecklist>('/FirstRun/GetChecklist'),
};

/** The screen that does each step. */
export const FIRST_RUN_PATHS: Record<FirstRunStep, string> = {
  senderAgent: '/infrastructure/sender-agents',
  tariff: '/financial/tariffs',
  credit: '/financial/credit',
  customer: '/organizations',
  testMessage: '/outbox',
};

/** Dismissed per user in this browser, and only once every step is done (then it has nothing left to say). */
const dismissKey = (userId: number) => `peyk.firstRun.dismissed.${userId}`;

export function firstRunDismissed(userId: number): boolean {
  try { return window.localStorage.getItem(dismissKey(userId)) === '1'; } catch { return false; }
}

export function dismissFirstRun(userId: number): void {
  try { window.localStorage.setItem(dismissKey(userId), '1'); } catch { /* private mode: it shows again next time */ }
}
