import { expect } from 'chai';
import { MIGRATION_BACKENDS, openDatabaseBefore } from '../support/migration-databases.js';
import { messagingApiSendType } from '../../migrations/20261205-0104-messaging-api-send-type.js';


const backends = MIGRATION_BACKENDS;

/**
 * Migration 0104 (issue 30 part 3): API sends become Api sends judged by the API flags, so what a
 * line or an assignment allowed the API before (through Single and Bulk) it still allows; nothing
 * else opens, and sends already stored keep their type and read as priority Normal.
 */
describe('Migration 0104: existing lines and assignments keep what they allowed API sends', function () {
  this.timeout(120_000);
  for (const backend of backends) {
    it(`${backend}: Single opens API single and OTP, Bulk opens API P2P, Single/Bulk assignments get Api; old sends stay as they were`, async () => {
      const { db, dispose } = await openDatabaseBefore(backend, messagingApiSendType);
      try {
        const knex = db.knex;
        const [org] = await knex('organizations').insert({ name: 'Mig', type: 'organization', path: '/', depth: 1 }).returning('id');
        const [user] = await knex('users').insert({ organizationId: org.id, userName: 'mig-user', passwordHash: 'x' }).returning('id');
        const [agent] = await knex('sender_agents').insert({ organizationId: org.id, title: 'A', pluginName: 'simulator' }).returning('id');
        const line = async (number: string, flags: Record<string, boolean>) =>
          (await knex('private_numbers').insert({ organizationId: org.id, number, smsSenderAgentId: agent.id, ...flags }).returning('id'))[0].id as number;
        const single = await line('30001', { isSendSingle: true });
        const bulk = await line('30002', { isSendBulk: true });
        const neither = await line('30003', { isSendP2P: true });
        const assign = async (privateNumberId: number, list: string[]) =>
          (await knex('private_number_assignments').insert({ privateNumberId, userId: user.id, organizationId: org.id, sendTypesList: JSON.stringify(list) }).returning('id'))[0].id as number;
        const aSingle = await assign(single, ['Single']);
        const aBulk = await assign(bulk, ['Bulk', 'Api']);
        const aOther = await assign(neither, ['P2P']);
        const [send] = await knex('sends').insert({
          organizationId: org.id, userId: user.id, privateNumberId: single, senderAgentId: agent.id, senderNumber: '30001', lineType: 'Bulk',
          sendType: 'Single', smsText: 'old v1 send', smsEncoding: 'GSM', smsParts: 1, recipientCount: 1, queueStatus: 'Completed', status: 'Sent',
          dateTimeSend: new Date(), refundPolicy: JSON.stringify({}),
        }).returning('id');

        await messagingApiSendType.up(knex);

        const flags = async (id: number) => knex('private_numbers').where({ id }).first('isSendApiSingle', 'isSendApiP2P', 'isSendOtp');
        expect(await flags(single)).to.deep.equal({ isSendApiSingle: true, isSendApiP2P: false, isSendOtp: true });
        expect(await flags(bulk)).to.deep.equal({ isSendApiSingle: false, isSendApiP2P: true, isSendOtp: false });
        expect(await flags(neither)).to.deep.equal({ isSendApiSingle: false, isSendApiP2P: false, isSendOtp: false });
        const list = async (id: number) => {
          const v = (await knex('private_number_assignments').where({ id }).first('sendTypesList')).sendTypesList;
          return typeof v === 'string' ? JSON.parse(v) : v;
        };
        expect(await list(aSingle)).to.deep.equal(['Single', 'Api']);
        expect(await list(aBulk)).to.deep.equal(['Bulk', 'Api']);
        expect(await list(aOther)).to.deep.equal(['P2P']);
        expect(await knex('sends').where({ id: send.id }).first('sendType', 'priority')).to.deep.equal({ sendType: 'Single', priority: 3 });

        await messagingApiSendType.down(knex);
        expect(await knex.schema.hasColumn('sends', 'priority')).to.equal(false);
      } finally {
        await dispose();
      }
    });
  }
});
