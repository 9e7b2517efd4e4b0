/** The spec's SmsAggregator values (server and client read this dependency-free list). */
export const SMS_AGGREGATORS = ['NotValid', 'MCI', 'MCI2', 'Irancell', 'Rightel', 'Other', 'International'] as const;
export type SmsAggregator = (typeof SMS_AGGREGATORS)[number];
