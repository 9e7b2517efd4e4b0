import type { ApiClient } from './api-client.js';
import { ok } from './envelope.js';
import { adminToken, unique } from './fixtures.js';
import { SmartRequestsService } from '../../server/modules/targeting/index.js';

/** Smart-request test helpers (issue 26): the body, the BTS simulator agents, following a request, and a service without a container. */

/** A circle of 15 km around central Tehran: the bts-simulator's largest population. */
export const TEHRAN_CIRCLE = { type: 'Circle', center: [51.389, 35.6892], radiusMeters: 15_000 };

/** A presence window starting in a minute, four minutes long (under the big-province five). */
export function soonWindow(): { startDatetime: string; endDatetime: string } {
  const start = new Date(Date.now() + 60_000);
  return { startDatetime: start.toISOString(), endDatetime: new Date(start.getTime() + 4 * 60_000).toISOString() };
}

/** A create/Estimate body that the simulator answers with people: 10 MCI subscribers in central Tehran. */
export function smartBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    requestName: unique('Mall '), text: 'Welcome to the mall', operator: 'MCI', areas: [TEHRAN_CIRCLE], residenceState: true, joberState: true, travellerState: true,
    sendCountType: 'Count', countToSend: 10, ...soonWindow(), ...extra,
  };
}

/** A `bts-simulator` sender agent (small population, fast ticks) with these options; its id. */
export async function btsSimulatorAgent(api: ApiClient, name: string, options: Record<string, unknown> = {}): Promise<number> {
  return ok(await api.post('SenderAgents/Create', {
    title: unique(`BTS ${name} `), pluginName: 'bts-simulator', isActive: true,
    options: { populationSize: 3000, seed: 7, storedMs: 0, tickMs: 20, sendPerSecond: 100_000, ...options },
  }, { token: await adminToken(api) })).id;
}

/** `Get/:id` as the token sees it, and waiting until a request gets somewhere. */
export function smartRequests(api: () => ApiClient, token: () => string) {
  const get = async (id: number) => ok(await api().get(`SmartSmsRecipients/Get/${id}`, { token: token(), culture: 'en-US' }));
  const waitFor = async (id: number, until: (r: any) => boolean, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const r = await get(id);
      if (until(r)) return r;
      if (Date.now() > deadline) throw new Error(`smart request ${id} did not get there: ${JSON.stringify(r)}`);
      await new Promise((res) => setTimeout(res, 50));
    }
  };
  return { get, waitFor };
}

/**
 * A SmartRequestsService without a container, for unit tests of one method: a fixed clock, a quiet
 * logger, the default poll timings, and `parts` (the collaborators and methods the test gives).
 */
export function bareSmartService(parts: Record<string, unknown> = {}): SmartRequestsService {
  const service = Object.create(SmartRequestsService.prototype) as SmartRequestsService;
  return Object.assign(service, {
    clock: { now: () => new Date('2026-12-01T08:00:00Z') },
    logger: { warn: () => undefined },
    answerTimeoutMs: 6 * 3_600_000,
    pollAfterMs: 30_000,
    ...parts,
  });
}
