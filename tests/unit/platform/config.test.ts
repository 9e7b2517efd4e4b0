import { expect } from 'chai';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadConfig } from '../../../server/platform/config.js';
import { ROOT_DIR } from '../../support/test-server.js';
import { republishSeconds } from '../../../server/modules/numbers/index.js';

describe('config: the Sandbox payment gateway', () => {
  let dataDir: string;
  before(() => { dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-config-')); });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string>, overrides = {}) => loadConfig({ PEYK_DATA_DIR: dataDir, ...env }, ROOT_DIR, overrides);

  it('is allowed outside production and refused in production unless PEYK_SANDBOX_GATEWAY says otherwise', () => {
    expect(load({}).allowSandboxGateway).to.equal(true);
    expect(load({ NODE_ENV: 'test' }).allowSandboxGateway).to.equal(true);
    expect(load({ NODE_ENV: 'production' }).allowSandboxGateway).to.equal(false);
    expect(load({ NODE_ENV: 'test' }, { production: true }).allowSandboxGateway).to.equal(false);
    expect(load({ NODE_ENV: 'production', PEYK_SANDBOX_GATEWAY: 'true' }).allowSandboxGateway).to.equal(true);
    expect(load({ NODE_ENV: 'test', PEYK_SANDBOX_GATEWAY: 'false' }).allowSandboxGateway).to.equal(false);
    expect(() => load({ PEYK_SANDBOX_GATEWAY: 'maybe' })).to.throw(/PEYK_SANDBOX_GATEWAY/);
  });
});

describe('config: how long a shared agent-health record lives', () => {
  let dataDir: string;
  before(() => { dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-config-')); });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string>) => loadConfig({ PEYK_DATA_DIR: dataDir, ...env }, ROOT_DIR);

  it('is two minutes unless PEYK_AGENT_HEALTH_TTL_MS says otherwise, and refuses what a beat cannot keep alive', () => {
    expect(load({}).agentHealthTtlMs).to.equal(120_000);
    expect(load({ PEYK_AGENT_HEALTH_TTL_MS: '4000' }).agentHealthTtlMs).to.equal(4_000);
    for (const bad of ['3999', '4000.5', 'soon', '3600001']) {
      expect(() => load({ PEYK_AGENT_HEALTH_TTL_MS: bad }), bad).to.throw(/PEYK_AGENT_HEALTH_TTL_MS/);
    }
  });

  it('is re-published every quarter of it in whole seconds, at most every 30 s', () => {
    expect(republishSeconds(120_000)).to.equal(30);
    expect(republishSeconds(3_600_000)).to.equal(30);
    expect(republishSeconds(60_000)).to.equal(15);
    expect(republishSeconds(4_000)).to.equal(1);
    expect(republishSeconds(7_999)).to.equal(1);
  });
});

describe('config: the outbound URL guard\'s allowance', () => {
  let dataDir: string;
  before(() => { dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-config-')); });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string>) => loadConfig({ PEYK_DATA_DIR: dataDir, ...env }, ROOT_DIR);

  it('is empty unless PEYK_OUTBOUND_ALLOW lists ranges, and an unreadable entry stops the start', () => {
    expect(load({}).outboundAllow).to.deep.equal([]);
    expect(load({ PEYK_OUTBOUND_ALLOW: '127.0.0.1, 10.20.0.0/16,fd00:1::/64' }).outboundAllow).to.deep.equal(['127.0.0.1/32', '10.20.0.0/16', 'fd00:1::/64']);
    expect(() => load({ PEYK_OUTBOUND_ALLOW: '10.0.0.0/8,intranet' })).to.throw(/PEYK_OUTBOUND_ALLOW.*intranet/);
  });
});

describe('config: sign-in limits', () => {
  let dataDir: string;
  before(() => { dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-config-')); });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string>) => loadConfig({ PEYK_DATA_DIR: dataDir, ...env }, ROOT_DIR);

  it('has defaults from config/default.json and takes PEYK_LOGIN_* values, refusing what is not a whole number in range', () => {
    const auth = load({}).auth;
    expect(auth).to.include({ loginAttemptsPerIp: 30, loginAttemptsPerUserName: 20, loginAttemptWindowSeconds: 60, loginConcurrency: 1, loginQueue: 64, loginRefusalDelayMs: 1000 });
    expect(load({
      PEYK_LOGIN_LIMIT_PER_IP: '0', PEYK_LOGIN_LIMIT_PER_USER: '5', PEYK_LOGIN_LIMIT_WINDOW_SECONDS: '300',
      PEYK_LOGIN_CONCURRENCY: '4', PEYK_LOGIN_QUEUE: '0', PEYK_LOGIN_REFUSAL_DELAY_MS: '0',
    }).auth).to.include({ loginAttemptsPerIp: 0, loginAttemptsPerUserName: 5, loginAttemptWindowSeconds: 300, loginConcurrency: 4, loginQueue: 0, loginRefusalDelayMs: 0 });
    // The other auth settings stay as the file has them.
    expect(load({ PEYK_LOGIN_QUEUE: '3' }).auth.lockoutAfterFailures).to.equal(5);
    for (const [name, bad] of [['PEYK_LOGIN_LIMIT_PER_IP', '-1'], ['PEYK_LOGIN_LIMIT_PER_USER', '2.5'], ['PEYK_LOGIN_LIMIT_WINDOW_SECONDS', '0'],
      ['PEYK_LOGIN_CONCURRENCY', '0'], ['PEYK_LOGIN_QUEUE', 'many'], ['PEYK_LOGIN_REFUSAL_DELAY_MS', '10001']] as const) {
      expect(() => load({ [name]: bad }), `${name}=${bad}`).to.throw(new RegExp(name));
    }
  });
  it('hashes new passwords at scrypt cost 16384 unless PEYK_PASSWORD_HASH_COST raises it; only a test server may go lower', () => {
    expect(load({}).auth.passwordHashCost).to.equal(16384);
    expect(load({ PEYK_PASSWORD_HASH_COST: '65536' }).auth.passwordHashCost).to.equal(65536);
    expect(load({ NODE_ENV: 'test', PEYK_PASSWORD_HASH_COST: '1024' }).auth.passwordHashCost).to.equal(1024);
    for (const bad of ['1024', '8192', '20000', '2097152', 'strong']) {
      expect(() => load({ PEYK_PASSWORD_HASH_COST: bad }), bad).to.throw(/PEYK_PASSWORD_HASH_COST/);
    }
    expect(() => load({ NODE_ENV: 'production', PEYK_PASSWORD_HASH_COST: '1024' })).to.throw(/PEYK_PASSWORD_HASH_COST/);
    expect(() => load({ NODE_ENV: 'test', PEYK_PASSWORD_HASH_COST: '1536' })).to.throw(/power of two/);
  });
});

describe('config: the listen address (HOST)', () => {
  let dataDir: string;
  before(() => { dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-config-')); });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string>) => loadConfig({ PEYK_DATA_DIR: dataDir, ...env }, ROOT_DIR);

  it('is every interface unless HOST names one, and an address that is not an IP or a host name stops the start', () => {
    expect(load({}).host).to.equal('0.0.0.0');
    expect(load({ HOST: '127.0.0.1' }).host).to.equal('127.0.0.1');
    expect(load({ HOST: '::1' }).host).to.equal('::1');
    expect(load({ HOST: 'localhost' }).host).to.equal('localhost');
    for (const bad of ['127.0.0.1:3000', 'http://x', 'a b']) {
      expect(() => load({ HOST: bad }), bad).to.throw(/HOST/);
    }
  });
});
