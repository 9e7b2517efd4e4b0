import { expect } from 'chai';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadConfig } from '../../../server/platform/config.js';
import { ROOT_DIR } from '../../support/test-server.js';

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
