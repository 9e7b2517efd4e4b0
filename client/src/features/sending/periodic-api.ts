/** Shapes of the periodic send definitions (ScheduledMessages/GetPeriodicSends, CancelPeriodicSend). */
export type PeriodicStatus = 'Active' | 'Canceled' | 'Finished';

export interface PeriodicSend {
  id: number;
  organizationId: number;
  organizationName?: string | null;
  userId: number;
  userName?: string | null;
  senderNumber: string;
  smsText: string;
  sendType: string;
  recipientCount: number;
  periodType: 'Daily' | 'Weekly' | 'Monthly';
  period: number;
  /** Saturday = 0 … Friday = 6. */
  daysOfWeek: number[];
  sendHour: number;
  sendMinute: number;
  startDate: string;
  endDate: string | null;
  maxOccurrences: number | null;
  occurrences: number;
  failedOccurrences: number;
  dateTimeNext: string | null;
  dateTimeLast: string | null;
  lastSendId: number | null;
  lastFailureCode: string | null;
  status: PeriodicStatus;
  createdAt: string;
}

export const PERIODIC_SENDS_PATH = '/sending/periodic';
export const PERIODIC_STATUSES: PeriodicStatus[] = ['Active', 'Canceled', 'Finished'];
