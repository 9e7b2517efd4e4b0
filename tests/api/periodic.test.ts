import { expect } from 'chai';
import type { Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, expectLedgerClean, ok, sendingTree, waitForSend } from '../support/sending.js';

/** Tomorrow's Tehran calendar day as YYYY-MM-DD (Tehran is UTC+03:30). */
const tehranDate = (daysFromNow: number) => new Date(Date.now() + 12_600_000 + daysFromNow * 86_400_000).toISOString().slice(0, 10);

describe('Gradual and periodic sends through ScheduledMessages', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };

  const create = (body: Record<string, unknown>, token = tree.subAdmin.token, action = 'Create') =>
    api.post(`ScheduledMessages/${action}`, { senderNumberId: line.lineId, smsBody: 'Periodic hello', ...(action.includes('Bulk') ? {} : { sendType: 'Bulk' }), ...body }, { token, culture: 'en-US' });
  const numbers = (count: number, from: number) => Array.from({ length: count }, (_, i) => `0912${String(from + i)}`);

  before(async () => {
    ({ api, tree, line } = await sendingTree());
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  describe('gradual', () => {
    it('refuses fewer than 1,000 receivers and missing step fields', async () => {
      const few = bad(await create({ typeSend: 'gradual', gradualStepCount: 100, gradualIntervalMinutes: 1, receiversText: numbers(999, 3_000_000).join('\n') }), 400, 'receivers');
      expect(few.validationErrors![0].message).to.equal('Gradual sending needs at least 1000 recipients.');
      const fa = await api.post('ScheduledMessages/Create', {
        senderNumberId: line.lineId, smsBody: 'x', sendType: 'Bulk', typeSend: 'gradual', gradualStepCount: 100, gradualIntervalMinutes: 1, receivers: ['09121112233'],
      }, { token: tree.subAdmin.token, culture: 'fa' });
      expect(bad(fa, 400, 'receivers').validationErrors![0].message).to.equal('ارسال تدریجی دست‌کم به ۱۰۰۰ گیرنده نیاز دارد.');
      bad(await create({ typeSend: 'gradual', gradualIntervalMinutes: 1, receiversText: numbers(1000, 3_000_000).join('\n') }), 400, 'gradualStepCount');
      bad(await create({ typeSend: 'gradual', gradualStepCount: 500, receiversText: numbers(1000, 3_000_000).join('\n') }), 400, 'gradualIntervalMinutes');
      bad(await create({ typeSend: 'gradual', gradualStepCount: 500, gradualIntervalMinutes: 0, receiversText: numbers(1000, 3_000_000).join('\n') }), 400, 'gradualIntervalMinutes');
    });

    it('stores the steps, shows sendSubType Gradual, and sends step 0 at once (the rest waits for its step)', async () => {
      const created = ok(await create({ typeSend: 'gradual', gradualStepCount: 500, gradualIntervalMinutes: 60, receiversText: numbers(1000, 3_100_000).join('\n') }));
      expect(created).to.include({ recipientCount: 1000, sendSubType: 'Gradual', gradualStepCount: 500, gradualIntervalMinutes: 60 });
      const shown = ok(await api.get(`OutBox/Get/${created.id}`, { token: tree.subAdmin.token }));
      expect(shown).to.include({ sendSubType: 'Gradual', gradualStepCount: 500, gradualIntervalMinutes: 60 });
      // Step 0 (seq 0..499) is due at dateTimeSend; step 1 an hour later.
      await waitForSend(api, tree.subAdmin.token, created.id, (s) => s.deliveredCount === 500);
      const waiting = ok(await api.get(`OutBox/GetRecipients?id=${created.id}&deliveryStatus=WaitingForSend&pageSize=1`, { token: tree.subAdmin.token }));
      expect(waiting.totalCount).to.equal(500);
      // Cancelling stops step 1; the send settles and gives the unsent half back.
      ok(await api.post(`OutBox/Cancel/${created.id}`, {}, { token: tree.subAdmin.token }));
      const done = await waitForSend(api, tree.subAdmin.token, created.id);
      expect(done).to.include({ deliveredCount: 500, canceledCount: 500, pendingCount: 0 });
    });
  });

  describe('periodic', () => {
    let definitionId: number;

    it('stores a definition (not a send) and answers its next run', async () => {
      const sendsBefore = ok(await api.get('OutBox/GetAll?pageSize=1', { token: tree.subAdmin.token })).totalCount;
      const def = ok(await create({
        typeSend: 'periodic', receivers: ['09121110001', '09351110002', 'bad'], periodType: 'Weekly', period: 1, daysOfWeek: [0, 4], sendHour: 10, sendMinute: 30,
        startDate: tehranDate(1), maxOccurrences: 4,
      }));
      definitionId = def.id;
      expect(def).to.include({ status: 'Active', periodType: 'Weekly', period: 1, sendHour: 10, sendMinute: 30, occurrences: 0, maxOccurrences: 4, recipientCount: 2, wrongNumberCount: 1 });
      expect(def.daysOfWeek).to.deep.equal([0, 4]);
      expect(def.upcoming).to.have.length(4);
      expect(def.dateTimeNext).to.equal(def.upcoming[0]);
      // 10:30 Tehran is 07:00 UTC; every occurrence is a Saturday or a Wednesday.
      for (const at of def.upcoming as string[]) {
        expect(at.slice(11, 16)).to.equal('07:00');
        expect([6, 3]).to.include(new Date(at).getUTCDay());
      }
      expect(def.occurrencePrice).to.equal('200');
      expect(ok(await api.get('OutBox/GetAll?pageSize=1', { token: tree.subAdmin.token })).totalCount, 'no send yet').to.equal(sendsBefore);
    });

    it('takes the bulk variants too', async () => {
      const def = ok(await create({ typeSend: 'periodic', bulkRecipients: [{ mobile: '09121110003', description: 'Ali' }], periodType: 'Daily', sendHour: 8 }, undefined, 'CreateScheduledMessageBulk'));
      expect(def).to.include({ status: 'Active', recipientCount: 1, periodType: 'Daily' });
      expect(def.daysOfWeek).to.deep.equal([0, 1, 2, 3, 4, 5, 6]);
    });

    it('refuses no day, an hour out of range and an end before the start, each on its field', async () => {
      const base = { typeSend: 'periodic', receivers: ['09121110001'], periodType: 'Daily', sendHour: 9, startDate: tehranDate(2) };
      const noDay = bad(await create({ ...base, daysOfWeek: [] }), 400, 'daysOfWeek');
      expect(noDay.validationErrors![0].message).to.equal('Select at least one day of the week for a periodic send.');
      bad(await create({ ...base, sendHour: 24 }), 400, 'sendHour');
      const ends = bad(await create({ ...base, endDate: tehranDate(1) }), 400, 'endDate');
      expect(ends.validationErrors!.find((v: any) => v.propertyName === 'endDate')!.message).to.equal('The end date cannot be before the start date.');
      const fa = await api.post('ScheduledMessages/Create', { ...base, senderNumberId: line.lineId, smsBody: 'x', sendType: 'Bulk', endDate: tehranDate(1) }, { token: tree.subAdmin.token, culture: 'fa' });
      expect(bad(fa, 400, 'endDate').validationErrors![0].message).to.equal('تاریخ پایان نمی‌تواند پیش از تاریخ شروع باشد.');
      // Only Fridays, between two days that are not Fridays: no occurrence at all.
      const start = tehranDate(1);
      const friday = (new Date(`${start}T00:00:00Z`).getUTCDay() + 1) % 7 === 6;
      if (!friday) bad(await create({ ...base, startDate: start, endDate: start, daysOfWeek: [6] }), 400, 'endDate');
      // The send itself is judged as of the first occurrence: an empty text is refused now.
      bad(await create({ ...base, smsBody: ' ' }), 400, 'smsBody');
    });

    it('lists definitions with tenancy like the outbox and cancels one', async () => {
      const list = ok(await api.get('ScheduledMessages/GetPeriodicSends?pageSize=50', { token: tree.subAdmin.token }));
      expect(list.items.map((d: any) => d.id)).to.include(definitionId);
      expect(list.items.find((d: any) => d.id === definitionId)).to.include({ senderNumber: line.number, userName: tree.subAdmin.userName });
      expect(ok(await api.get('ScheduledMessages/GetPeriodicSends?pageSize=50', { token: tree.orgAdmin.token })).items.map((d: any) => d.id), 'the organization above sees it').to.include(definitionId);
      expect(ok(await api.get('ScheduledMessages/GetPeriodicSends?pageSize=50', { token: tree.otherAdmin.token })).items.map((d: any) => d.id)).to.not.include(definitionId);
      // A plain user without a sending claim has no periodic sends to see.
      bad(await api.get('ScheduledMessages/GetPeriodicSends?pageSize=50', { token: tree.subUser.token }), 403);

      bad(await api.post('ScheduledMessages/CancelPeriodicSend', { id: definitionId }, { token: tree.otherAdmin.token }), 404);
      const canceled = ok(await api.post('ScheduledMessages/CancelPeriodicSend', { id: definitionId }, { token: tree.subAdmin.token }));
      expect(canceled).to.include({ status: 'Canceled', dateTimeNext: null });
      bad(await api.post('ScheduledMessages/CancelPeriodicSend', { id: definitionId }, { token: tree.subAdmin.token }), 400);
      const active = ok(await api.get('ScheduledMessages/GetPeriodicSends?status=Active&pageSize=50', { token: tree.subAdmin.token }));
      expect(active.items.map((d: any) => d.id)).to.not.include(definitionId);
      bad(await api.post('ScheduledMessages/CancelPeriodicSend', {}, { token: tree.subAdmin.token }), 400, 'id');
    });
  });
});
