/** Time as a dependency, so expiry, lockout and schedules can be tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
