import { expect } from 'chai';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadConfig } from '../../../server/platform/config.js';
import { AppError } from '../../../server/platform/http/errors.js';
import { ROOT_DIR } from '../../support/test-server.js';
import { DELIVERY_STATUSES } from '../../../server/modules/messaging/index.js';
import { encodeSubmitSmResp as submitSmResp, receiptStateOf, receiptText, STATUS } from '../../../server/modules/developer/smpp-server/smpp-protocol.js';
import { statusOfError } from '../../../server/modules/developer/smpp-server/smpp-server.js';
import { wantsReceipt } from '../../../server/modules/developer/smpp-server/smpp-receipts.listener.js';
import { hashSmppPassword, smppPasswordMatches } from '../../../server/modules/developer/smpp-server/smpp-password.js';

describe('SMPP server rules', () => {
  it('config: off unless a port is set; a TLS port needs a certificate and a key', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-config-'));
    try {
      const load = (env: Record<string, string>) => loadConfig({ PEYK_DATA_DIR: dataDir, ...env }, ROOT_DIR).smppServer;
      expect(load({})).to.deep.equal({ port: null, tlsPort: null, tlsCertFile: null, tlsKeyFile: null });
      expect(load({ PEYK_SMPP_SERVER_PORT: '2775' }).port).to.equal(2775);
      expect(() => load({ PEYK_SMPP_SERVER_PORT: 'x' })).to.throw(/PEYK_SMPP_SERVER_PORT/);
      expect(() => load({ PEYK_SMPP_SERVER_TLS_PORT: '3550' })).to.throw(/TLS_CERT/);
      expect(load({ PEYK_SMPP_SERVER_TLS_PORT: '3550', PEYK_SMPP_SERVER_TLS_CERT: '/c.pem', PEYK_SMPP_SERVER_TLS_KEY: '/k.pem' })).to.include({ tlsPort: 3550, tlsCertFile: '/c.pem' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('send failures become the matching command_status', () => {
    const failure = (code: string) => new AppError(400, `x.${code}`, {}, [], { failureCode: code });
    expect(statusOfError(failure('RecipientNotExist'))).to.equal(STATUS.RINVDSTADR);
    expect(statusOfError(failure('UserCreditNotEnough'))).to.equal(STATUS.RSUBMITFAIL);
    expect(statusOfError(failure('OrganizationCreditNotEnough'))).to.equal(STATUS.RSUBMITFAIL);
    expect(statusOfError(failure('PrivateNumberIsExpired'))).to.equal(STATUS.RINVSRCADR);
    expect(statusOfError(failure('ErrorInSaveJob'))).to.equal(STATUS.RSYSERR);
    expect(statusOfError(new AppError(400, 'messaging.textTooLong'))).to.equal(STATUS.RINVMSGLEN);
    expect(statusOfError(new Error('db down'))).to.equal(STATUS.RSYSERR);
  });

  it('receipts: final states as stat words, the text form, and which ones registered_delivery asks for', () => {
    expect(receiptStateOf('SentAndReceivedbyPhone', DELIVERY_STATUSES)).to.deep.equal({ stat: 'DELIVRD', state: 2, err: '000' });
    expect(receiptStateOf('HaveNotReceivedToPhone', DELIVERY_STATUSES)).to.include({ stat: 'UNDELIV', state: 5 });
    expect(receiptStateOf('Expired', DELIVERY_STATUSES)).to.include({ stat: 'EXPIRED', state: 3 });
    expect(receiptStateOf('InvalidMobile', DELIVERY_STATUSES)).to.include({ stat: 'REJECTD', state: 8 });
    expect(receiptStateOf('Unknown', DELIVERY_STATUSES)).to.include({ stat: 'UNKNOWN', state: 7 });
    const at = new Date('2026-11-25T09:08:00Z');
    expect(receiptText({ id: 'abc', stat: 'DELIVRD', err: '000', submittedAt: at, doneAt: at, textStart: 'سلام hello' }))
      .to.equal('id:abc sub:001 dlvrd:001 submit date:2611250908 done date:2611250908 stat:DELIVRD err:000 text:???? hello');
    expect([0, 1, 2, 3].map((rd) => [wantsReceipt(rd, true), wantsReceipt(rd, false)])).to.deep.equal([[false, false], [true, true], [false, true], [true, true]]);
  });

  it('submit_sm_resp bytes: an id on success, no body on an error', () => {
    const ok = submitSmResp(7, 0, 'ab12');
    expect([...ok]).to.deep.equal([0, 0, 0, 21, 0x80, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 7, 0x61, 0x62, 0x31, 0x32, 0]);
    expect(submitSmResp(9, STATUS.RTHROTTLED, 'x').length).to.equal(16);
  });

  it('passwords are salted hashes, compared in constant time', () => {
    const a = hashSmppPassword('pw123');
    expect(a).to.match(/^sha256\$/).and.not.to.include('pw123');
    expect(hashSmppPassword('pw123')).to.not.equal(a);
    expect(smppPasswordMatches('pw123', a)).to.equal(true);
    expect(smppPasswordMatches('pw124', a)).to.equal(false);
    expect(smppPasswordMatches('pw123', 'garbage')).to.equal(false);
  });
});
