import { expect } from 'chai';
import { describeStatus, statusOutcome } from '../../../../plugins/smpp/status-codes.js';

describe('SMPP plugin: command_status mapping', () => {
  it('maps refusals to the host\'s refusal codes', () => {
    expect(statusOutcome(0x0b)).to.deep.equal({ kind: 'rejected', code: 'InvalidDestination', name: 'ESME_RINVDSTADR' });
    expect(statusOutcome(0x0a)).to.deep.include({ kind: 'rejected', code: 'InvalidSender' });
    expect(statusOutcome(0x0e)).to.deep.include({ kind: 'rejected', code: 'InvalidCredentials' });
    expect(statusOutcome(0x0d)).to.deep.include({ kind: 'rejected', code: 'InvalidCredentials' });
    expect(statusOutcome(0x01)).to.deep.include({ kind: 'rejected', code: 'InvalidRequest', name: 'ESME_RINVMSGLEN' });
  });

  it('throttling and a full queue slow down; a system error is transient', () => {
    expect(statusOutcome(0x58)).to.deep.equal({ kind: 'throttle', code: 'Throttled', name: 'ESME_RTHROTTLED' });
    expect(statusOutcome(0x14)).to.deep.include({ kind: 'throttle', name: 'ESME_RMSGQFUL' });
    expect(statusOutcome(0x08)).to.deep.include({ kind: 'transient' });
    expect(statusOutcome(0)).to.deep.equal({ kind: 'ok' });
  });

  it('keeps an unknown status as ESME_0x… with its number', () => {
    expect(statusOutcome(0x45)).to.deep.equal({ kind: 'rejected', code: 'ESME_0x00000045', name: 'ESME_RSUBMITFAIL' });
    expect(statusOutcome(0x400)).to.deep.equal({ kind: 'rejected', code: 'ESME_0x00000400', name: 'ESME_0x00000400' });
  });

  it('describes a status in plain words for health', () => {
    expect(describeStatus(0x0e)).to.equal('ESME_RINVPASWD (invalid password)');
    expect(describeStatus(0x401)).to.equal('status 0x00000401');
  });
});
