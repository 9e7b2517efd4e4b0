import type { DeliveryBucket } from '../../../../server/shared/insight/delivery-buckets';

/** `Dashboard/GetInformationsForDashboard` (server/modules/insight): a 403 is silent in the error catalogue. */
export const DASHBOARD_PATH = '/Dashboard/GetInformationsForDashboard';

export const dashboardKey = (range: { fromDate: string; toDate: string }) => `${DASHBOARD_PATH}?fromDate=${range.fromDate}&toDate=${range.toDate}`;

export interface Counts {
  messages: number;
  parts: number;
}

export interface CreditDay {
  /** Rials as decimal strings. */
  charged: string;
  givenBack: string;
  used: string;
}

export interface DashboardDay extends Counts {
  /** Tehran day, YYYY-MM-DD. */
  date: string;
  sends: number;
  sent: number;
  statuses: Record<string, Counts>;
  buckets: Record<DeliveryBucket, number>;
  sendTypes: Record<string, Counts & { sent: number }>;
  credit: CreditDay | null;
}

export interface DashboardInfo {
  fromDate: string;
  toDate: string;
  /** `user`: a plain user sees only their own sends (as in the outbox). */
  scope: 'organization' | 'user';
  organization: { id: number; name: string; credit: string | null };
  totals: Counts & { sends: number; sent: number; buckets: Record<DeliveryBucket, number> };
  days: DashboardDay[];
  sendTypes: (Counts & { sendType: string; sent: number })[];
  operators: (Counts & { operator: string })[];
  topLines: (Counts & { privateNumberId: number; senderNumber: string })[];
  /** Null without Financial.View, or for a plain user without an allowance account. */
  credit: CreditDay | null;
}
