import { expect } from 'chai';
import { sharedApi, adminToken, login, USER_PASSWORD } from '../support/fixtures.js';
import { bad, fundedCustomer, ok } from '../support/sending.js';
import type { ApiClient } from '../support/api-client.js';

/** AlertSettings/Get and Save (issue 25): defaults, the spec's "more than the send frequency" rule and mobiles, as field errors; nothing stored half. */
describe('alert and notification settings', function () {
  this.timeout(60_000);
  let api: ApiClient;
  let token: string;
  const valid = () => ({
    notification: { enableSmsNotification: true, enablePanelNotification: true, mobiles: ['09121234567'] },
    alerts: [
      { alertType: 'LowCredit', isEnableSendNotification: true, daysOfSendFrequencyPeriod: 2, importanceLevel: 'High', creditThreshold: '50000' },
      { alertType: 'OrganizationExpiration', isEnableSendNotification: true, daysOfSendFrequencyPeriod: 2, importanceLevel: 'Normal', fromDays: 10, toDays: 3 },
    ],
  });

  before(async () => {
    api = await sharedApi();
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Alerts', 'Ali');
    token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
  });

  it('answers defaults, then what was saved (mobiles normalized) and the organization\'s alert flags as stored', async () => {
    const first = ok(await api.get('AlertSettings/Get', { token }));
    expect(first.notification).to.deep.equal({ enableSmsNotification: false, enablePanelNotification: true, mobiles: [] });
    expect(first.alerts.map((x: any) => x.alertType)).to.deep.equal(['LowCredit', 'OrganizationExpiration', 'PrivateNumberExpiration']);
    expect(first.flags).to.deep.equal({ isSendAlertToOrganizationAdmin: false, isSendOrganizationExpirationAlertMessage: false, isSendAlertForCreatePayment: false, isSendAlertForCreateOnlinePayment: false });
    const saved = ok(await api.post('AlertSettings/Save', valid(), { token }));
    expect(saved.notification.mobiles).to.deep.equal(['989121234567']);
    expect(saved.alerts[1]).to.include({ fromDays: 10, toDays: 3, daysOfSendFrequencyPeriod: 2 });
  });

  it('refuses days not more than the send frequency, to after from, bad mobiles and a missing threshold, each on its field, storing nothing', async () => {
    const body = valid();
    body.notification.mobiles = ['0912', '09121234567'];
    Object.assign(body.alerts[0], { creditThreshold: null });
    Object.assign(body.alerts[1], { daysOfSendFrequencyPeriod: 5, fromDays: 4, toDays: 5 });
    const err = bad(await api.post('AlertSettings/Save', body, { token }), 400);
    const fields = err.validationErrors!.map((v: any) => v.propertyName).sort();
    expect(fields).to.deep.equal(['alerts[0].creditThreshold', 'alerts[1].fromDays', 'alerts[1].toDays', 'alerts[1].toDays', 'notification.mobiles[0]']);
    expect(err.validationErrors!.map((v: any) => v.message).join(' ')).to.match(/more than the send frequency|بیشتر از دوره تکرار/);
    const after = ok(await api.get('AlertSettings/Get', { token }));
    expect(after.alerts[1]).to.include({ fromDays: 10, toDays: 3 });
    const sms = await api.post('AlertSettings/Save', { ...valid(), notification: { enableSmsNotification: true, enablePanelNotification: false, mobiles: [] } }, { token });
    bad(sms, 400, 'notification.mobiles');
  });
});
