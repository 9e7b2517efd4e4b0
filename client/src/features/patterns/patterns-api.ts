import type { ApprovalStatus } from '../../shared/ui/approvals/approvals';
import { endpoint } from '../../shared/api/endpoint';
import type { SendBody } from '../sending/sending-api';
import type { CalculationAnswer, CreatedSendAnswer } from '../../../../server/shared/sends/sends.answers';
import type { PatternChoiceAnswer, PatternListItem } from '../../../../server/shared/sends/patterns.answers';

export type PatternStatus = ApprovalStatus;

/** A pattern as `Patterns/GetAll` lists it: the server's answer contract. */
export type Pattern = PatternListItem;

/** A confirmed pattern the caller may send with (`Patterns/GetSelectList`). */
export type PatternChoice = PatternChoiceAnswer;

/**
 * The pattern screens' own calls (the list, its edits and decisions go through the shared approval
 * page under `/Patterns`); the send's preview and create are `ScheduledMessages/…FastPattern…`.
 */
export const patternsApi = {
  choices: endpoint.get<PatternChoice[]>('/Patterns/GetSelectList'),
  preview: endpoint.post<SendBody, CalculationAnswer>('/ScheduledMessages/GetScheduledMessageCalculationsByFastPattern'),
  send: endpoint.post<SendBody, CreatedSendAnswer>('/ScheduledMessages/CreateFastPatternScheduledMessageByPhonebook'),
};

/** The patterns feature's SWR keys (the approval page keeps its own `patterns` key). */
export const patternsKeys = {
  choices: () => ['pattern-choices'] as const,
};

export const PATTERNS_PATH = '/sending/patterns';
export const PATTERN_SEND_PATH = '/sending/pattern-send';
