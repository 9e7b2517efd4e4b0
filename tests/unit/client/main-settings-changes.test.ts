import { expect } from 'chai';
import { changesOf, SETTING_GROUPS } from '../../../client/src/features/main-settings/main-settings-api';

describe('client: main settings, what a save sends', () => {
  const loaded = { Tax: '10', IsSignUpEnabled: 'false', IsRemoteQueue: 'false', AppPath: '/peyk', MaxSmsParts: '8', SendSmsAlertMessage: 'hi' };

  it('sends only the keys that changed', () => {
    expect(changesOf(loaded, { ...loaded })).to.deep.equal({});
    expect(changesOf(loaded, { ...loaded, Tax: '9.5' })).to.deep.equal({ Tax: '9.5' });
  });

  it('sends flags as booleans (IsSignUpEnabled takes nothing else) and ignores a flag written differently but equal', () => {
    expect(changesOf(loaded, { ...loaded, IsSignUpEnabled: 'true' })).to.deep.equal({ IsSignUpEnabled: true });
    expect(changesOf({ ...loaded, IsRemoteQueue: 'False' }, { ...loaded, IsRemoteQueue: 'false' })).to.deep.equal({});
  });

  it('sends an emptied number as null (back to its default) and an emptied text as empty', () => {
    expect(changesOf(loaded, { ...loaded, MaxSmsParts: '' })).to.deep.equal({ MaxSmsParts: null });
    expect(changesOf(loaded, { ...loaded, AppPath: '', SendSmsAlertMessage: '' })).to.deep.equal({ AppPath: '', SendSmsAlertMessage: '' });
  });

  it('lists each setting once, the spec\'s keys among them', () => {
    const keys = SETTING_GROUPS.flatMap((g) => g.settings.map((x) => x.key));
    expect(new Set(keys).size).to.equal(keys.length);
    expect(keys).to.include.members(['SendSmsAlertMessage', 'AppPath', 'RemoteQueueIp', 'DefaultNumber', 'IsRemoteQueue', 'MaximumFailedTryCount', 'Tax',
      'LowestCreditOfUser', 'ResolutionOfParliament', 'OutboundAllowedRanges']);
  });
});
