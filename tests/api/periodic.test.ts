import { expect } from 'chai';
import * as jalaali from 'jalaali-js';
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
    const times = (dates: string[]) => dates.map((d) => Date.parse(d));
    const jalaliOf = (iso: string) => {
      // The Tehran calendar day of an instant (+03:30), in the Jalali calendar of jalaali-js.
      const t = new Date(Date.parse(iso) + 12_600_000);
      return jalaali.toJalaali(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
    };

    it('answers the next occurrences of Minute and Hour periods: fixed steps from the start date at the hour, Tehran time', async () => {
      const start = tehranDate(1);
      // 10:00 Tehran is 06:30 UTC.
      const first = Date.parse(`${start}T06:30:00Z`);
      const minute = ok(await create({ typeSend: 'periodic', receivers: ['09121110011'], periodType: 'Minute', period: 15, sendHour: 10, startDate: start, maxOccurrences: 3 }));
      expect(minute).to.include({ periodType: 'Minute', period: 15, maxOccurrences: 3, gradualStepCount: null });
      expect(times(minute.upcoming)).to.deep.equal([first, first + 15 * 60_000, first + 30 * 60_000]);
      const hour = ok(await create({ typeSend: 'periodic', receivers: ['09121110011'], periodType: 'Hour', period: 2, sendHour: 10, startDate: start, maxOccurrences: 4 }));
      expect(hour).to.include({ periodType: 'Hour', period: 2 });
      expect(times(hour.upcoming)).to.deep.equal([0, 2, 4, 6].map((h) => first + h * 3_600_000));
      expect(Date.parse(hour.dateTimeNext)).to.equal(first);
      for (const def of [minute, hour]) ok(await api.post('ScheduledMessages/CancelPeriodicSend', { id: def.id }, { token: tree.subAdmin.token }));
    });

    it('answers the next occurrences of Monthly and Yearly periods on the Jalali calendar', async () => {
      const start = tehranDate(1);
      const [gy, gm, gd] = start.split('-').map(Number);
      const a = jalaali.toJalaali(gy, gm, gd);
      const monthly = ok(await create({ typeSend: 'periodic', receivers: ['09121110012'], periodType: 'Monthly', sendHour: 10, startDate: start }));
      expect(monthly.upcoming).to.have.length(5);
      (monthly.upcoming as string[]).forEach((at, i) => {
        const jm0 = a.jm - 1 + i;
        const jy = a.jy + Math.floor(jm0 / 12);
        const jm = (jm0 % 12) + 1;
        expect(jalaliOf(at), at).to.deep.equal({ jy, jm, jd: Math.min(a.jd, jalaali.jalaaliMonthLength(jy, jm)) });
        expect(at.slice(11, 16)).to.equal('06:30');
      });
      const yearly = ok(await create({ typeSend: 'periodic', receivers: ['09121110012'], periodType: 'Yearly', sendHour: 10, startDate: start }));
      expect(yearly).to.include({ periodType: 'Yearly', period: 1 });
      expect((yearly.upcoming as string[]).slice(0, 3).map(jalaliOf)).to.deep.equal([0, 1, 2].map((n) => ({ jy: a.jy + n, jm: a.jm, jd: Math.min(a.jd, jalaali.jalaaliMonthLength(a.jy + n, a.jm)) })));
      for (const def of [monthly, yearly]) ok(await api.post('ScheduledMessages/CancelPeriodicSend', { id: def.id }, { token: tree.subAdmin.token }));
    });

    it('refuses a Minute period under 15 minutes and a Minute or Hour series without a capped number of submissions', async () => {
      const base = { typeSend: 'periodic', receivers: ['09121110013'], sendHour: 9, startDate: tehranDate(1) };
      const short = bad(await create({ ...base, periodType: 'Minute', period: 5, maxOccurrences: 10 }), 400, 'period');
      expect(short.validationErrors![0].message).to.equal('A minute period must be at least 15 minutes.');
      const fa = await api.post('ScheduledMessages/Create', { ...base, senderNumberId: line.lineId, smsBody: 'x', sendType: 'Bulk', periodType: 'Minute', period: 5, maxOccurrences: 10 }, { token: tree.subAdmin.token, culture: 'fa' });
      expect(bad(fa, 400, 'period').validationErrors![0].message).to.equal('در ارسال دقیقه‌ای، فاصله تکرار دست‌کم ۱۵ دقیقه است.');
      const unbounded = bad(await create({ ...base, periodType: 'Hour', period: 1 }), 400, 'maxOccurrences');
      expect(unbounded.validationErrors![0].message).to.equal('For a Minute or Hour period, enter the number of submissions (at most 500).');
      bad(await create({ ...base, periodType: 'Minute', period: 15, maxOccurrences: 501 }), 400, 'maxOccurrences');
      bad(await create({ ...base, periodType: 'Secondly', period: 1 }), 400, 'periodType');
    });

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

  describe('gradual periodic (sendSubType GradualPeriodic)', () => {
    const base = { typeSend: 'gradualPeriodic', periodType: 'Daily', sendHour: 9, startDate: tehranDate(1), gradualStepCount: 500, gradualIntervalMinutes: 60 };

    it('stores a definition with the step fields and prices one occurrence', async () => {
      const def = ok(await create({ ...base, receiversText: numbers(1000, 3_200_000).join('\n') }));
      expect(def).to.include({ status: 'Active', periodType: 'Daily', recipientCount: 1000, gradualStepCount: 500, gradualIntervalMinutes: 60, occurrencePrice: '100000' });
      const listed = ok(await api.get('ScheduledMessages/GetPeriodicSends?pageSize=50', { token: tree.subAdmin.token })).items.find((d: any) => d.id === def.id);
      expect(listed).to.include({ gradualStepCount: 500, gradualIntervalMinutes: 60 });
      ok(await api.post('ScheduledMessages/CancelPeriodicSend', { id: def.id }, { token: tree.subAdmin.token }));
      // typeSend periodic ignores the step fields: a plain periodic definition.
      const plain = ok(await create({ ...base, typeSend: 'periodic', receivers: ['09121110014'] }));
      expect(plain).to.include({ gradualStepCount: null, gradualIntervalMinutes: null });
      ok(await api.post('ScheduledMessages/CancelPeriodicSend', { id: plain.id }, { token: tree.subAdmin.token }));
    });

    it('refuses fewer than 1,000 receivers, a missing step field, and steps that run into the next occurrence', async () => {
      const few = bad(await create({ ...base, receiversText: numbers(999, 3_300_000).join('\n') }), 400, 'receivers');
      expect(few.validationErrors![0].message).to.equal('Gradual sending needs at least 1000 recipients.');
      bad(await create({ ...base, gradualIntervalMinutes: null, receiversText: numbers(1000, 3_300_000).join('\n') }), 400, 'gradualIntervalMinutes');
      bad(await create({ ...base, gradualStepCount: null, receiversText: numbers(1000, 3_300_000).join('\n') }), 400, 'gradualStepCount');
      // 1,000 receivers by 100 every 20 minutes take 180 minutes; the occurrences are 120 minutes apart.
      const overrun = bad(await create({
        ...base, periodType: 'Hour', period: 2, maxOccurrences: 5, gradualStepCount: 100, gradualIntervalMinutes: 20, receiversText: numbers(1000, 3_300_000).join('\n'),
      }), 400, 'gradualIntervalMinutes');
      expect(overrun.validationErrors![0].message).to.equal('The gradual steps of one occurrence must end before the next occurrence; raise the count per step or shorten the interval.');
      // By 200 every 20 minutes: 80 minutes, within the 120.
      const fits = ok(await create({ ...base, periodType: 'Hour', period: 2, maxOccurrences: 5, gradualStepCount: 200, gradualIntervalMinutes: 20, receiversText: numbers(1000, 3_300_000).join('\n') }));
      expect(fits).to.include({ periodType: 'Hour', gradualStepCount: 200 });
      ok(await api.post('ScheduledMessages/CancelPeriodicSend', { id: fits.id }, { token: tree.subAdmin.token }));
    });
  });
});
