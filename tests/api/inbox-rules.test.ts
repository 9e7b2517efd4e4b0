import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { unique, type Tree } from '../support/fixtures.js';
import { bad, ok, sendingTree, simulatorLine } from '../support/sending.js';

/** Inbox groups and rules: validation messages in Persian and English, who may write them, the search's date range. */
describe('Inbox groups and rules: validation and access', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let lineId: number;

  before(async () => {
    ({ api, tree } = await sendingTree());
    lineId = (await simulatorLine(api, {}, { organizationId: tree.sub.id })).lineId;
  });

  const message = (body: any, field: string) => body.validationErrors.find((v: any) => v.propertyName === field)?.message as string;

  it('a rule needs a condition and something to do, in the reader\'s language', async () => {
    const token = tree.subAdmin.token;
    const noCondition = bad(await api.post('InboxRules/Create', { title: 'x', forwardMobile: '09120000000' }, { token }), 400, 'keyword');
    expect(message(noCondition, 'keyword')).to.equal('Enter at least one condition (line, sender or keyword).');
    const fa = bad(await api.post('InboxRules/Create', { title: 'x', keyword: 'k' }, { token, culture: 'fa-IR' }), 400, 'inboxGroupId');
    expect(message(fa, 'inboxGroupId')).to.equal('یک گروه یا دست‌کم یک مقصد هدایت (نشانی اینترنتی، ایمیل یا موبایل) انتخاب کنید.');
    const url = bad(await api.post('InboxRules/Create', { title: 'x', keyword: 'k', forwardUrl: 'http://192.168.1.5/x' }, { token, culture: 'fa-IR' }), 400, 'forwardUrl');
    expect(message(url, 'forwardUrl')).to.equal('این نشانی مجاز نیست (نشانی داخلی یا خصوصی).');
    bad(await api.post('InboxRules/Create', { title: 'x', keyword: 'k', forwardMobile: '12345' }, { token }), 400, 'forwardMobile');
    bad(await api.post('InboxRules/Create', { title: 'x', keyword: 'k', forwardEmail: 'someone@example.com' }, { token }), 400, 'forwardEmail');
    const required = bad(await api.post('InboxRules/Create', { keyword: 'k' }, { token, culture: 'fa-IR' }), 400, 'title');
    expect(message(required, 'title')).to.contain('عنوان');
    // Another organization's line or group is refused on its field.
    bad(await api.post('InboxRules/Create', { title: 'x', privateNumberId: lineId, inboxGroupId: 999999 }, { token: tree.otherAdmin.token }), 400, 'privateNumberId');
    const group = ok(await api.post('InboxGroups/Create', { name: 'Ops' }, { token }));
    const rule = ok(await api.post('InboxRules/Create', { title: 'ops', privateNumberId: lineId, inboxGroupId: group.id }, { token }));
    expect(rule).to.include({ privateNumberId: lineId, inboxGroupName: 'Ops', keyword: null, isActive: true, priority: 0 });
    const updated = ok(await api.post('InboxRules/Update', { id: rule.id, title: 'ops 2', keyword: 'Help', keywordType: 'StartsWith', inboxGroupId: group.id, priority: 3 }, { token }));
    expect(updated).to.include({ title: 'ops 2', keyword: 'Help', keywordType: 'StartsWith', privateNumberId: null, priority: 3 });
    bad(await api.post('InboxRules/Update', { id: rule.id, title: 'ops 3', keyword: 'k', inboxGroupId: group.id }, { token: tree.otherAdmin.token }), 404);
    const dup = bad(await api.post('InboxGroups/Update', { id: group.id, name: ' ' }, { token }), 400, 'name');
    expect(dup.validationErrors).to.have.length(1);
  });

  it('plain users list groups (to filter by them) but write neither groups nor rules', async () => {
    const token = tree.subUser.token;
    bad(await api.get('InboxGroups/GetAll', { token }), 403);
    const role = ok(await api.post('Roles/Create', { title: unique('Inbox reader '), claims: ['SmsReports.Inbox'], organizationId: tree.sub.id }, { token: tree.orgAdmin.token }));
    ok(await api.post('Roles/AssignToUser', { userId: tree.subUser.userId, roleId: role.id }, { token: tree.subAdmin.token }));
    expect(ok(await api.get('InboxGroups/GetAll', { token })).map((g: any) => g.name)).to.include('Ops');
    bad(await api.post('InboxGroups/Create', { name: 'Mine' }, { token }), 403);
    bad(await api.get('InboxRules/GetAll', { token }), 403);
  });

  it('the search refuses an end before the start, on toDate', async () => {
    const body = bad(await api.get('Inbox/GetAll?fromDate=2026-03-09T00:00:00Z&toDate=2026-03-01T00:00:00Z', { token: tree.subAdmin.token, culture: 'fa-IR' }), 400, 'toDate');
    expect(message(body, 'toDate')).to.equal('تاریخ پایان باید بعد از تاریخ شروع باشد.');
    bad(await api.post('Inbox/MarkAsUnread', { ids: [] }, { token: tree.subAdmin.token }), 400, 'ids');
  });
});
