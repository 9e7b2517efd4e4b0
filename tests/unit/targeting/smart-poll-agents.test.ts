import { expect } from 'chai';
import type { SmartRequestRow } from '../../../server/modules/targeting/smart-requests.repository.js';
import type { BtsAgent } from '../../../server/modules/numbers/index.js';
import type { BtsRequestStatus } from '../../../server/gateways/gateway-sdk.js';
import { bareSmartService } from '../../support/smart.js';

/** `targeting.smart-poll` asks up to 100 requests a run: it reads the BTS agents once, not once per request. */
describe('smart-poll reads the BTS agents once per run', () => {
  it('asks every stale request with one read of the agents', async () => {
    const agent: BtsAgent = { id: 7, title: 'BTS', organizationId: 1, pluginName: 'bts-simulator', options: {}, isActive: true };
    const rows = [1, 2, 3, 4].map((id) => ({ id, senderAgentId: 7, externalId: `bts-${id}`, submittedAt: new Date('2026-12-01T07:59:00Z') }) as SmartRequestRow);
    let reads = 0;
    const asked: string[] = [];
    const service = bareSmartService({
      repo: { staleSubmitted: async () => rows, markPolled: async () => undefined },
      senderAgents: { btsAgents: async () => { reads += 1; return [agent]; } },
      connections: { gatewayOf: async () => ({ status: async (externalId: string) => { asked.push(externalId); return { externalId, status: 'Waiting' } as BtsRequestStatus; } }) },
      apply: async () => true,
    });
    expect(await service.pollStale()).to.deep.equal({ polled: 4, timedOut: 0 });
    expect(asked).to.deep.equal(['bts-1', 'bts-2', 'bts-3', 'bts-4']);
    expect(reads).to.equal(1);
  });
});
