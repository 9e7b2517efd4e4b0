import type { ApprovalStatus } from '../../shared/ui/approvals/approvals';

export type PatternStatus = ApprovalStatus;

export interface Pattern {
  id: number;
  organizationId: number;
  organizationName?: string;
  userId: number;
  userName?: string;
  title: string;
  smsText: string;
  status: PatternStatus;
  confirmedAbove: boolean;
  rejectReason: string | null;
  lastModified: string;
}

/** A confirmed pattern the caller may send with (`Patterns/GetSelectList`). */
export interface PatternChoice {
  id: number;
  title: string;
  smsText: string;
  confirmedAbove: boolean;
}

export const PATTERNS_PATH = '/sending/patterns';
export const PATTERN_SEND_PATH = '/sending/pattern-send';
