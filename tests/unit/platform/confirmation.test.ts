import { expect } from 'chai';
import { ConfirmationGuard, toLatinDigits } from '../../../server/platform/confirmation.js';
import { MemoryKeyValueStore } from '../../../server/platform/kv-memory.js';
import { AppError } from '../../../server/platform/http/errors.js';
import type { RequestContext } from '../../../server/platform/http/context.js';

const ctx = (userId: number) => ({ principal: { userId } }) as unknown as RequestContext;

async function challenge(guard: ConfirmationGuard, c: RequestContext, op: string, input = {}) {
  try {
    await guard.require(c, op, input);
  } catch (e) {
    expect(e).to.be.instanceOf(AppError);
    return (e as AppError).data as { confirmationId: string; confirmationNumber: string };
  }
  return null;
}

describe('ConfirmationGuard', () => {
  let kv: MemoryKeyValueStore;
  beforeEach(() => { kv = new MemoryKeyValueStore(); });
  afterEach(async () => { await kv.close(); });

  it('asks for a number, then accepts it once', async () => {
    const guard = new ConfirmationGuard(kv);
    const first = await challenge(guard, ctx(1), 'op');
    expect(first!.confirmationNumber).to.match(/^\d{5}$/);
    expect(await challenge(guard, ctx(1), 'op', first!)).to.equal(null);
    const replay = await challenge(guard, ctx(1), 'op', first!);
    expect(replay).to.not.equal(null);
  });

  it('accepts Persian digits and refuses another user or operation', async () => {
    const guard = new ConfirmationGuard(kv);
    const a = (await challenge(guard, ctx(1), 'op'))!;
    const persian = a.confirmationNumber.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
    expect(await challenge(guard, ctx(1), 'op', { confirmationId: a.confirmationId, confirmationNumber: persian })).to.equal(null);
    const b = (await challenge(guard, ctx(1), 'op'))!;
    expect(await challenge(guard, ctx(2), 'op', b)).to.not.equal(null);
    const c = (await challenge(guard, ctx(1), 'op'))!;
    expect(await challenge(guard, ctx(1), 'other', c)).to.not.equal(null);
  });

  it('converts Persian and Arabic-Indic digits', () => {
    expect(toLatinDigits('۰۹۱۲ ٣٤٥')).to.equal('0912 345');
  });
});
