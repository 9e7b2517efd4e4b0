import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { bad, ok, standaloneLine, standaloneSender, tariffBody, waitForSend } from '../support/sending.js';
import { OccasionRunner } from '../../server/modules/engage/occasion-runner.service.js';
import { fromJalali } from '../../server/modules/engage/occasion-dates.js';
import { OccasionsRepository } from '../../server/modules/engage/occasions.repository.js';
import { tehranTime } from '../../server/modules/messaging/index.js';
import { dayString } from '../../server/shared/dates/calendar-days.js';

/** A fake "now" on a Jalali day, at hh:mm Tehran time. */
const at = (jy: number, jm: number, jd: number, hour = 9, minute = 1) => tehranTime(fromJalali({ jy, jm, jd }), hour, minute);
/** A contact's birthdate (YYYY-MM-DD) for a Jalali date. */
const born = (jy: number, jm: number, jd: number) => dayString(fromJalali({ jy, jm, jd }));
const intl = (n: string) => `98${n.slice(1)}`;

/**
 * Occasion sends on a fake clock: the server runs on the real clock (the occasions are created
 * today, Azar 1405), and the runner is called with "now" on later Jalali days, as the scheduler
 * would call it. The scheduler is stopped so only these calls run.
 */
describe('Occasion sends: OccasionScheduledMessages and CalendarEvents (the daily run on a fake clock)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let token: string;
  let orgId: number;
  let lineId: number;
  let plainLineId: number;
  let dynamicOnlyLineId: number;
  let book: number;
  let runner: OccasionRunner;
  let anniversaryId: number;

  const credit = async () => {
    const c = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${orgId}`, { token: admin }));
    return { balance: BigInt(c.balance), held: BigInt(c.held) };
  };
  const create = (body: Record<string, unknown>, culture = 'en-US', as = token) => api.post('OccasionScheduledMessages/Create', {
    title: 'Birthday', privateNumberId: lineId, phonebookIds: [book], dynamicTemplateTitle: 'Birthday greeting', smsBody: 'Happy birthday {firstName} ({birthdate})',
    sendHour: 9, calenderEvent: false, phonebookCustomFieldNameEn: 'birthdate', ...body,
  }, { token: as, culture });
  const sendsOf = async (id: number) => (ok(await api.get(`OccasionScheduledMessages/Get/${id}`, { token })).runs as any[]);
  const receivers = async (sendId: number) => ok(await api.get(`OutBox/GetRecipients?id=${sendId}&pageSize=100`, { token })).items as any[];

  before(async () => {
    server = await startTestServer();
    await server.peyk.scheduler?.stop();
    api = new ApiClient(server.url);
    ({ admin, token, organizationId: orgId } = await standaloneSender(api, 'Occasions', 1_000_000));
    ({ lineId } = await standaloneLine(api, admin, '30008801', { deliveryDelayMs: 5 }, { isSendDynamic: true, isSendOccasionPhonebook: true }));
    ({ lineId: plainLineId } = await standaloneLine(api, admin, '30008802', {}, {}));
    ({ lineId: dynamicOnlyLineId } = await standaloneLine(api, admin, '30008803', {}, { isSendDynamic: true }));
    runner = server.peyk.container.get(OccasionRunner);
    anniversaryId = ok(await api.post('CustomFields/Create', { type: 'Datetime', nameEn: 'Anniversary', nameFa: 'سالگرد' }, { token })).id;
    ok(await api.post('CustomFields/Create', { type: 'String', nameEn: 'Nickname', nameFa: 'لقب' }, { token }));
    book = ok(await api.post('Phonebooks/Create', { title: 'Friends' }, { token })).id;
    const contacts = [
      // Mehr 1: due on Shahrivar 31 one day before.
      { cellphone: '09121880001', firstName: 'Mehri', birthdate: born(1380, 7, 1) },
      // Shahrivar 31: due on Shahrivar 30 one day before (and on the 31st itself with no day before).
      { cellphone: '09121880002', firstName: 'Shahri', birthdate: born(1380, 6, 31) },
      // Esfand 30 of a leap year (1399): Esfand 29 in common years, the 30th in leap ones.
      { cellphone: '09121880003', firstName: 'Esfand', birthdate: born(1399, 12, 30) },
      // Nobody's birthday in these tests; the Datetime field holds Mehr 1, 1406 (the instant it starts in Tehran).
      { cellphone: '09121880004', firstName: 'Ann', birthdate: null, fields: { [anniversaryId]: at(1406, 7, 1, 0, 0).toISOString() } },
    ];
    for (const c of contacts) ok(await api.post('Contacts/Create', { phonebookId: book, fields: {}, ...c }, { token }));
  });

  after(async () => {
    if (api && admin) expect(ok(await api.get('Ledger/Verify', { token: admin })).mismatches, 'ledger verify').to.deep.equal([]);
    await server?.stop();
  });

  describe('calendar events', () => {
    it('lists the official holidays by Jalali month (read only) and the organization\'s own', async () => {
      const farvardin = ok(await api.get('CalendarEvents/GetAll?month=1&year=1405', { token })).items as any[];
      const days = farvardin.filter((e) => e.isSystem && e.jalaliYear === null).map((e) => e.jalaliDay);
      expect(days).to.include.members([1, 2, 3, 4, 12, 13]);
      expect(farvardin.find((e) => e.jalaliDay === 13 && e.isSystem)).to.include({ titleEn: 'Nature Day', isHoliday: true, organizationId: null });
      // Lunar holidays are dated: Ashura 1405 is Tir 4, Ashura 1406 Khordad 25.
      const tir = ok(await api.get('CalendarEvents/GetAll?month=4&year=1405', { token })).items as any[];
      expect(tir.find((e) => e.titleEn === 'Ashura')).to.include({ jalaliYear: 1405, jalaliDay: 4 });
      const khordad1406 = ok(await api.get('CalendarEvents/GetAll?month=3&year=1406', { token })).items as any[];
      expect(khordad1406.find((e) => e.titleEn === 'Ashura')).to.include({ jalaliYear: 1406, jalaliDay: 25 });

      const own = ok(await api.post('CalendarEvents/Create', { title: 'سالروز تأسیس', titleEn: 'Founding day', jalaliMonth: 12, jalaliDay: 30 }, { token }));
      expect(own).to.include({ isSystem: false, organizationId: orgId, jalaliYear: null, jalaliMonth: 12, jalaliDay: 30 });
      const edited = ok(await api.post('CalendarEvents/Update', { id: own.id, title: 'سالروز تأسیس شرکت', jalaliMonth: 12, jalaliDay: 29 }, { token }));
      expect(edited).to.include({ title: 'سالروز تأسیس شرکت', jalaliDay: 29 });
      const esfand = ok(await api.get('CalendarEvents/GetAll?month=12', { token })).items as any[];
      expect(esfand.map((e) => e.id)).to.include(own.id);
      ok(await api.delete(`CalendarEvents/Delete/${own.id}`, { token }));
      expect((ok(await api.get('CalendarEvents/GetAll?month=12', { token })).items as any[]).map((e) => e.id)).not.to.include(own.id);
    });

    it('refuses a date the solar calendar does not have, and changes to an official holiday', async () => {
      const noDay = bad(await api.post('CalendarEvents/Create', { title: 'x', jalaliYear: 1404, jalaliMonth: 12, jalaliDay: 30 }, { token, culture: 'en-US' }), 400, 'jalaliDay');
      expect(noDay.validationErrors![0].message).to.equal('This date does not exist in the solar calendar.');
      const fa = bad(await api.post('CalendarEvents/Create', { title: ' ', jalaliMonth: 7, jalaliDay: 31 }, { token, culture: 'fa' }), 400);
      expect(fa.validationErrors!.map((v: any) => v.message)).to.deep.equal(['عنوان را وارد کنید.', 'این تاریخ در تقویم شمسی وجود ندارد.']);
      bad(await api.post('CalendarEvents/Create', { title: 'x', jalaliMonth: 13, jalaliDay: 1 }, { token }), 400, 'jalaliMonth');
      const nowruz = (ok(await api.get('CalendarEvents/GetAll?month=1', { token })).items as any[]).find((e) => e.isSystem);
      const refused = bad(await api.post('CalendarEvents/Update', { id: nowruz.id, title: 'x', jalaliMonth: 1, jalaliDay: 1 }, { token, culture: 'en-US' }), 403);
      expect(refused.message).to.equal('Official calendar events cannot be changed.');
      bad(await api.delete(`CalendarEvents/Delete/${nowruz.id}`, { token }), 403);
    });
  });

  describe('definitions', () => {
    it('creates, reads, lists, updates, deactivates and deletes an occasion', async () => {
      const created = ok(await create({ howManyDaysSendItBeforeDueDate: 2 }));
      expect(created).to.include({
        title: 'Birthday', privateNumberId: lineId, dynamicTemplateTitle: 'Birthday greeting', sendHour: 9, howManyDaysSendItBeforeDueDate: 2,
        calenderEvent: false, phonebookCustomFieldNameEn: 'birthdate', toConsiderYear: false, isActive: true, lastRunDay: null,
      });
      expect(created.phonebookIds).to.deep.equal([book]);
      const got = ok(await api.get(`OccasionScheduledMessages/Get/${created.id}`, { token }));
      expect(got.runs).to.deep.equal([]);
      const list = ok(await api.get('OccasionScheduledMessages/GetAll?search=Birth', { token }));
      expect(list.items.map((o: any) => o.id)).to.include(created.id);
      expect(list.items.find((o: any) => o.id === created.id)).to.include({ senderNumber: '30008801' });
      // The custom field is named as its organization spells it, whatever the case asked.
      const updated = ok(await api.post('OccasionScheduledMessages/Update', {
        id: created.id, title: 'Anniversary', privateNumberId: lineId, phonebookIds: [book], dynamicTemplateTitle: 't', smsBody: '{firstName}', sendHour: 10,
        calenderEvent: false, phonebookCustomFieldNameEn: 'anniversary', toConsiderYear: true,
      }, { token }));
      expect(updated).to.include({ title: 'Anniversary', phonebookCustomFieldNameEn: 'Anniversary', toConsiderYear: true, sendHour: 10, howManyDaysSendItBeforeDueDate: 0 });
      expect(ok(await api.post('OccasionScheduledMessages/ChangeStatus', { id: created.id, isActive: false }, { token }))).to.include({ isActive: false });
      ok(await api.delete(`OccasionScheduledMessages/Delete/${created.id}`, { token }));
      bad(await api.get(`OccasionScheduledMessages/Get/${created.id}`, { token }), 404);
    });

    it('answers every problem of the form on its field, in Persian and English', async () => {
      const en = bad(await create({ title: '', smsBody: 'Hi {nickname2}', privateNumberId: plainLineId, phonebookCustomFieldNameEn: 'Nickname' }), 400);
      expect(en.validationErrors).to.deep.equal([
        { propertyName: 'title', message: 'Enter a title.' },
        { propertyName: 'privateNumberId', message: 'This line cannot carry your dynamic sends.' },
        { propertyName: 'smsBody', message: 'The phonebook has no such fields: {nickname2}' },
        { propertyName: 'phonebookCustomFieldNameEn', message: 'The field "Nickname" is not a date field of the phonebook; choose birthdate or a Datetime custom field.' },
      ]);
      const fa = bad(await create({ calenderEvent: true }, 'fa'), 400, 'calendarEvents');
      expect(fa.validationErrors![0].message).to.equal('دست‌کم یک رویداد تقویم یا رویداد سازمان انتخاب کنید.');
      bad(await create({ calenderEvent: true, calendarEvents: [999_999] }), 400, 'calendarEvents');
      bad(await create({ phonebookCustomFieldNameEn: null }), 400, 'phonebookCustomFieldNameEn');
      bad(await create({ phonebookIds: [999_999] }), 400, 'phonebookIds');
      const noFlag = bad(await create({ privateNumberId: dynamicOnlyLineId }), 400, 'privateNumberId');
      expect(noFlag.validationErrors![0].message).to.equal('This line is not open to occasion sends: its "Occasion send" capability is off. Ask your administrator to switch it on.');
      bad(await create({ sendHour: 24 }), 400, 'sendHour');
      bad(await create({ howManyDaysSendItBeforeDueDate: -1 }), 400, 'howManyDaysSendItBeforeDueDate');
      bad(await create({ calenderEvent: 'yes' }), 400, 'calenderEvent');
      // Another organization's event is not usable as the caller's organization event.
      const nowruz = (ok(await api.get('CalendarEvents/GetAll?month=1', { token })).items as any[]).find((e) => e.isSystem);
      bad(await create({ calenderEvent: true, calenderOrganizationEvents: [nowruz.id] }), 400, 'calenderOrganizationEvents');
    });
  });

  describe('the daily run', () => {
    it('sends one day before a Mehr 1 birthday on Shahrivar 31, with each contact\'s own text, priced and settled exactly', async () => {
      const occasion = ok(await create({ howManyDaysSendItBeforeDueDate: 1, title: 'Tomorrow' }));
      const start = await credit();
      // Before the hour: nothing; nor on a day before the occasion was made (Farvardin 1405), nor while it is off.
      expect(await runner.runDue(at(1406, 6, 31, 8, 59))).to.not.have.property(String(occasion.id));
      expect(await runner.runDue(at(1405, 1, 1, 12))).to.not.have.property(String(occasion.id));
      ok(await api.post('OccasionScheduledMessages/ChangeStatus', { id: occasion.id, isActive: false }, { token }));
      expect(await runner.runDue(at(1406, 6, 31))).to.not.have.property(String(occasion.id));
      ok(await api.post('OccasionScheduledMessages/ChangeStatus', { id: occasion.id, isActive: true }, { token }));
      expect(await runner.runDue(at(1406, 6, 31))).to.deep.include({ [occasion.id]: 'sent' });
      const runs = await sendsOf(occasion.id);
      expect(runs).to.have.length(1);
      expect(runs[0]).to.include({ runDay: dayString(fromJalali({ jy: 1406, jm: 6, jd: 31 })), recipientCount: 1, failureCode: null });
      const send = await waitForSend(api, token, runs[0].sendId);
      expect(send).to.include({ sendType: 'Dynamic', sendSubType: 'Occasion', recipientCount: 1, deliveredCount: 1 });
      const [r] = await receivers(send.id);
      expect(r).to.include({ toNumber: intl('09121880001'), smsText: 'Happy birthday Mehri (1380/07/01)' });
      const end = await credit();
      expect(start.balance - end.balance).to.equal(BigInt(send.totalPrice));
      expect(end.held).to.equal(start.held);
      // The day before: Shahri's Shahrivar 31 is one day ahead of Shahrivar 30.
      expect(await runner.runDue(at(1406, 6, 30))).to.deep.include({ [occasion.id]: 'sent' });
      const day30 = (await sendsOf(occasion.id)).find((x) => x.runDay === dayString(fromJalali({ jy: 1406, jm: 6, jd: 30 })));
      expect((await receivers(day30.sendId)).map((x) => x.toNumber)).to.deep.equal([intl('09121880002')]);
      await waitForSend(api, token, day30.sendId);
      ok(await api.delete(`OccasionScheduledMessages/Delete/${occasion.id}`, { token }));
    });

    it('greets an Esfand 30 birthday on Esfand 29 in a common year and on the 30th in a leap year', async () => {
      const occasion = ok(await create({ title: 'Esfand' }));
      // 1406 is a common year: Esfand 29 is its last day.
      expect(await runner.runDue(at(1406, 12, 29))).to.deep.include({ [occasion.id]: 'sent' });
      // 1408 is a leap year: not on the 29th, on the 30th.
      expect(await runner.runDue(at(1408, 12, 29))).to.deep.include({ [occasion.id]: 'nobody' });
      expect(await runner.runDue(at(1408, 12, 30))).to.deep.include({ [occasion.id]: 'sent' });
      const runs = await sendsOf(occasion.id);
      expect(runs.map((x) => [x.runDay, x.recipientCount])).to.deep.equal([
        [dayString(fromJalali({ jy: 1408, jm: 12, jd: 30 })), 1], [dayString(fromJalali({ jy: 1408, jm: 12, jd: 29 })), 0], [dayString(fromJalali({ jy: 1406, jm: 12, jd: 29 })), 1],
      ]);
      expect(runs[1].sendId).to.equal(null);
      for (const x of runs.filter((y) => y.sendId)) {
        await waitForSend(api, token, x.sendId);
        expect((await receivers(x.sendId)).map((y) => y.toNumber)).to.deep.equal([intl('09121880003')]);
      }
      // With a day before, the common year's greeting moves to Esfand 28.
      const early = ok(await create({ title: 'Esfand early', howManyDaysSendItBeforeDueDate: 1 }));
      expect(await runner.runDue(at(1406, 12, 28))).to.deep.include({ [early.id]: 'sent' });
      await waitForSend(api, token, (await sendsOf(early.id))[0].sendId);
      for (const o of [occasion, early]) ok(await api.delete(`OccasionScheduledMessages/Delete/${o.id}`, { token }));
    });

    it('reads a Datetime field with toConsiderYear: that exact day only', async () => {
      const occasion = ok(await create({ title: 'Contract', phonebookCustomFieldNameEn: 'Anniversary', toConsiderYear: true, howManyDaysSendItBeforeDueDate: 1, smsBody: '{firstName} {Anniversary}' }));
      expect(await runner.runDue(at(1406, 6, 31))).to.deep.include({ [occasion.id]: 'sent' });
      expect(await runner.runDue(at(1407, 6, 31))).to.deep.include({ [occasion.id]: 'nobody' });
      const [run] = (await sendsOf(occasion.id)).filter((x) => x.sendId);
      await waitForSend(api, token, run.sendId);
      expect((await receivers(run.sendId))[0]).to.include({ toNumber: intl('09121880004'), smsText: 'Ann 1406/07/01' });
      ok(await api.delete(`OccasionScheduledMessages/Delete/${occasion.id}`, { token }));
    });

    it('sends every contact N days before a calendar event, exactly once after a crash, with two runs at once and a retry', async () => {
      const nowruz = (ok(await api.get('CalendarEvents/GetAll?month=1', { token })).items as any[]).find((e) => e.isSystem && e.jalaliDay === 1);
      const own = ok(await api.post('CalendarEvents/Create', { title: 'Sale', jalaliYear: 1407, jalaliMonth: 2, jalaliDay: 10 }, { token }));
      const occasion = ok(await create({ title: 'Nowruz', calenderEvent: true, calendarEvents: [nowruz.id], calenderOrganizationEvents: [own.id], howManyDaysSendItBeforeDueDate: 3, smsBody: 'Happy new year {firstName}' }));
      const start = await credit();
      // Esfand 27, 1406 + 3 days = Farvardin 1, 1407 (Esfand 1406 has 29 days).
      const now = at(1406, 12, 27);
      // A crash inside the send's transaction after its run row was written: all of it rolls back.
      const repo = server.peyk.container.get(OccasionsRepository);
      const real = repo.insertRun.bind(repo);
      repo.insertRun = async (tx, r) => { await real(tx, r); throw new Error('process died'); };
      try {
        expect(await runner.runDue(now)).to.not.have.property(String(occasion.id));
      } finally {
        repo.insertRun = real;
      }
      expect(await sendsOf(occasion.id)).to.deep.equal([]);
      expect(await credit()).to.deep.equal(start);
      // Two processes at once, then a retry: one send.
      const [a, b] = await Promise.all([runner.runDue(now), runner.runDue(now)]);
      expect([a[occasion.id], b[occasion.id]].filter((x) => x === 'sent')).to.have.length(1);
      expect(await runner.runDue(new Date(now.getTime() + 60_000))).to.not.have.property(String(occasion.id));
      const runs = await sendsOf(occasion.id);
      expect(runs).to.have.length(1);
      const send = await waitForSend(api, token, runs[0].sendId);
      expect(send).to.include({ recipientCount: 4, deliveredCount: 4 });
      expect((await receivers(send.id)).map((r) => r.smsText).sort()).to.deep.equal(['Happy new year Ann', 'Happy new year Esfand', 'Happy new year Mehri', 'Happy new year Shahri']);
      // Not due the day before; the organization's dated event on its own day (N = 3 before 1407/02/10).
      expect(await runner.runDue(at(1406, 12, 26))).to.deep.include({ [occasion.id]: 'nobody' });
      expect(await runner.runDue(at(1407, 2, 7))).to.deep.include({ [occasion.id]: 'sent' });
      const second = (await sendsOf(occasion.id))[0];
      await waitForSend(api, token, second.sendId);
      const end = await credit();
      const total = (ok(await api.get(`OutBox/Get/${send.id}`, { token })).totalPrice as string);
      const total2 = (ok(await api.get(`OutBox/Get/${second.sendId}`, { token })).totalPrice as string);
      expect(start.balance - end.balance).to.equal(BigInt(total) + BigInt(total2));
      expect(end.held).to.equal(start.held);
      const shown = ok(await api.get(`OccasionScheduledMessages/Get/${occasion.id}`, { token }));
      expect(shown).to.include({ lastSendId: second.sendId, lastFailureCode: null });
      ok(await api.delete(`OccasionScheduledMessages/Delete/${occasion.id}`, { token }));
    });

    it('records a refusal (no credit) on the occasion and notifies its owner, once', async () => {
      const org = ok(await api.post('Organizations/Create', { name: 'Occasions broke', type: 'reseller' }, { token: admin }));
      const tariff = ok(await api.post('Tariffs/Create', tariffBody('Occasions broke flat', 100), { token: admin }));
      ok(await api.post('Tariffs/AssignToOrganization', { organizationId: org.id, tariffId: tariff.id }, { token: admin }));
      ok(await api.post('Users/Create', { userName: `broke${org.id}`, password: 'User#Pass1', changePasswordRequired: false, organizationId: org.id, isAdmin: true, firstName: 'B' }, { token: admin }));
      const brokeToken = ok(await api.post('Account/Login', { userName: `broke${org.id}`, password: 'User#Pass1' })).accessToken;
      const brokeBook = ok(await api.post('Phonebooks/Create', { title: 'Customers' }, { token: brokeToken })).id;
      ok(await api.post('Contacts/Create', { phonebookId: brokeBook, cellphone: '09121880009', firstName: 'Z', birthdate: born(1380, 6, 31), fields: {} }, { token: brokeToken }));
      const occasion = ok(await create({ phonebookIds: [brokeBook] }, 'en-US', brokeToken));
      // Another organization's occasion is invisible (a sibling organization's administrator).
      bad(await api.get(`OccasionScheduledMessages/Get/${occasion.id}`, { token }), 404);
      bad(await api.post('OccasionScheduledMessages/ChangeStatus', { id: occasion.id, isActive: false }, { token }), 404);
      expect((ok(await api.get('OccasionScheduledMessages/GetAll', { token })).items as any[]).map((o) => o.id)).not.to.include(occasion.id);
      // Nor may it name another organization's phonebook.
      bad(await create({ phonebookIds: [brokeBook] }), 400, 'phonebookIds');
      expect(await runner.runDue(at(1406, 6, 31))).to.deep.include({ [occasion.id]: 'refused' });
      expect(await runner.runDue(at(1406, 6, 31, 10))).to.not.have.property(String(occasion.id));
      const shown = ok(await api.get(`OccasionScheduledMessages/Get/${occasion.id}`, { token: brokeToken }));
      expect(shown.lastFailureCode).to.match(/CreditNotEnough$/);
      expect(shown.runs).to.have.length(1);
      expect(shown.runs[0]).to.include({ sendId: null, recipientCount: 0 });
      const notes = ok(await api.get('Notifications/GetLatest', { token: brokeToken }));
      const items = (Array.isArray(notes) ? notes : notes.items) as any[];
      expect(items.filter((n) => n.kind === 'OccasionSendRefused')).to.have.length(1);
      // Nothing was sent from the organization: the outbox has no send.
      expect(ok(await api.get('OutBox/GetAll?pageSize=1', { token: brokeToken })).totalCount).to.equal(0);
    });
  });
});
