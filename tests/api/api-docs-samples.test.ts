import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sharedServer, unique } from '../support/fixtures.js';
import { expectLedgerClean, ok, sendingTree, waitForSend } from '../support/sending.js';
import { curlSample, nodeSample, v1Operations, type OpenApiDoc, type SampleInput, type V1Operation } from '../../client/src/features/developer/api-docs-samples.js';

const run = promisify(execFile);

/**
 * The REST API page's samples, built from the served OpenAPI document exactly as the page builds
 * them, run for real against a server: curl through sh, Node through `node --input-type=module`.
 * (PHP is not installed on this machine; its sample is checked for shape in the unit test.)
 */
describe('REST API page samples run against the server', function () {
  this.timeout(120_000);
  let ops: V1Operation[];
  let input: SampleInput;
  let api: Awaited<ReturnType<typeof sendingTree>>['api'];
  let token: string;

  const op = (name: string) => {
    const found = ops.find((o) => `${o.method} ${o.path}` === name);
    expect(found, name).to.not.equal(undefined);
    return found!;
  };
  const answerOf = (stdout: string) => JSON.parse(stdout) as { isSucceed: boolean; data: any; message?: string };

  before(async () => {
    const server = await sharedServer();
    const tree = await sendingTree();
    api = tree.api;
    token = tree.tree.subAdmin.token;
    const key = ok(await api.post('ApiTokens/Create', { title: unique('Samples ') }, { token })).token as string;
    const doc = (await (await fetch(`${server.url}/api/docs/openapi.json`)).json()) as OpenApiDoc;
    ops = v1Operations(doc);
    input = { apiBase: `${server.url}/api`, apiKey: key, line: tree.line.lineId, language: 'fa' };
  });

  after(async () => { await expectLedgerClean(api); });

  it('curl: the credit sample answers the key\'s credit', async () => {
    const { stdout } = await run('sh', ['-c', curlSample(op('GET /v1/credit'), input)]);
    const answer = answerOf(stdout);
    expect(answer.isSucceed).to.equal(true);
    expect(BigInt(answer.data.credit) > 0n).to.equal(true);
  });

  it('curl: without a key the sample is refused (the placeholder is no key)', async () => {
    const { stdout } = await run('sh', ['-c', curlSample(op('GET /v1/credit'), { ...input, apiKey: '' })]);
    expect(answerOf(stdout)).to.include({ isSucceed: false });
  });

  it('Node: the send sample sends the Persian example from the chosen line; a second run repeats nothing', async () => {
    const sample = nodeSample(op('POST /v1/messages/send'), input).replace('console.log(answer.data);', 'console.log(JSON.stringify(answer.data));');
    const first = JSON.parse((await run('node', ['--input-type=module', '-e', sample])).stdout);
    expect(first).to.include({ privateNumberId: input.line, repeated: false });
    expect(first.smsText).to.match(/[\u0600-\u06FF]/);
    // The example carries a sendId: running the sample again answers the same send.
    const again = JSON.parse((await run('node', ['--input-type=module', '-e', sample])).stdout);
    expect(again).to.include({ id: first.id, repeated: true });
    await waitForSend(api, token, first.id);
  });
});
