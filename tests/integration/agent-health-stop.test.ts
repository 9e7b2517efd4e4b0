import { expect } from 'chai';
import sinon from 'sinon';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { AgentHealthService } from '../../server/modules/numbers/index.js';
import { SenderAgentsRepository } from '../../server/modules/numbers/sender-agents.repository.js';

/**
 * A stopping process closes its gateways, and each plugin reports "down" on the way out. Those
 * pushes used to read the agent and its organization from the database while it was being closed:
 * on the embedded database each such read then waited out the whole acquire time-out ("Acquire
 * connection error", 15 of them in one embedded run of the suite).
 */
describe('agent health pushes once the process stops', function () {
  this.timeout(120_000);
  let server: TestServer;
  before(async () => { server = await startTestServer(); });
  after(async () => { await server?.stop(); });

  it('a status change after forgetHeld() reads nothing from the database', async () => {
    const health = server.peyk.container.get(AgentHealthService);
    const agents = server.peyk.container.get(SenderAgentsRepository);
    const reads = sinon.spy(agents, 'findById');
    try {
      await health.forgetHeld();
      health.publish(1, { state: 'down', detail: 'closing' }, new Date());
      await new Promise((r) => setTimeout(r, 300));
      expect(reads.callCount).to.equal(0);
    } finally {
      reads.restore();
    }
  });
});
