import { endpoint } from '../../shared/api/endpoint';
import type { ApiClient } from '../../shared/api/api-client';
import type { PollAnswer, PollDetail, PollDraw, PollResults, PollsPage } from '../../../../server/shared/inbound/polls.answers';

/** Shapes of `Polls/*`: the server's answer contracts (module inbound, "Polls"). */
export type Poll = PollAnswer;
export type { PollDetail, PollDraw, PollResults };

/** Pushed after answers are stored: the poll's new counts. */
export const POLL_RESULTS_EVENT = 'poll-results';

export interface PollOptionInput { optionTitle: string; answerValue: string; isCorrect: boolean }

/** What the poll form sends (`Create`; `Update` adds the id). */
export interface PollInput {
  type: 'Poll' | 'Competition';
  title: string;
  privateNumberId: number | null;
  senderPhonebookId: number | null;
  options: PollOptionInput[];
  isJustTrueAnswer: boolean;
  isMainQuestion: boolean;
  startAt: string | null;
  endAt: string | null;
  countedAnswer: 'First' | 'Last';
  replyText: string | null;
  winnersCount: number | null;
}

export const pollsApi = {
  list: endpoint.get<PollsPage, { pageIndex: number; pageSize: number; search?: string }>('/Polls/GetAll'),
  get: endpoint.getById<PollDetail>('/Polls/Get'),
  create: endpoint.post<PollInput, PollDetail>('/Polls/Create'),
  update: endpoint.post<PollInput & { id: number }, PollDetail>('/Polls/Update'),
  draw: endpoint.post<{ id: number }, PollDraw>('/Polls/Draw'),
  delete: endpoint.deleteById<{ id: number }>('/Polls/Delete'),
  /** The participants' xlsx, as a file. */
  exportParticipants: (api: ApiClient, id: number) => api.get<Blob>(`/Polls/ExportParticipants/${id}`, { responseType: 'blob' }),
};

export const pollsKeys = {
  list: (pageIndex: number, pageSize: number, search: string) => ['polls', pageIndex, pageSize, search] as const,
  one: (id: number) => ['poll', id] as const,
  isPollKey: (key: unknown) => Array.isArray(key) && (key[0] === 'polls' || key[0] === 'poll'),
  phonebooks: () => ['poll-phonebooks'] as const,
};

export const POLLS_PATH = '/polls';
export const pollPath = (id: number) => `${POLLS_PATH}/${id}`;
export const pollEditPath = (id: number | 'new') => `${POLLS_PATH}/${id}/edit`;

export function isPollResults(value: unknown): value is PollResults {
  return !!value && typeof value === 'object' && typeof (value as PollResults).pollId === 'number' && Array.isArray((value as PollResults).options);
}
