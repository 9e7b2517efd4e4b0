import { expect } from 'chai';
import sinon from 'sinon';
import { ApprovalsService, tenantSlice, type ApprovalPatch, type ApprovalSubject } from '../../../server/modules/approvals/index.js';
import type { AuditEntry, AuditService } from '../../../server/modules/audit/index.js';
import type { OrganizationsService } from '../../../server/modules/organizations/index.js';
import type { Actor, Scope, Tenant } from '../../../server/platform/actor.js';
import type { Clock } from '../../../server/platform/clock.js';
import type { Tx, UnitOfWork } from '../../../server/platform/unit-of-work.js';
import { AppError } from '../../../server/platform/http/errors.js';

type Status = 'Waiting' | 'Yes' | 'No';
interface Row { id: number; organizationId: number; userId: number; status: Status; decidedByUserId: number | null; decidedAt: Date | null; confirmedAbove?: boolean; rejectReason?: string | null; lastModified?: Date; deletedAt?: Date | null }

const NOW = new Date('2026-11-20T10:00:00Z');
const TX = {} as Tx;

function actor(userId: number, organizationId: number, opts: { isAdmin?: boolean; scope?: Scope; claims?: string[] } = {}): Actor {
  return {
    principal: { userId, organizationId, isAdmin: opts.isAdmin ?? false, scope: opts.scope ?? 'user', claims: new Set(opts.claims ?? []) },
    tenant: { organizationId, path: `${organizationId}`, subtree: true },
  } as unknown as Actor;
}

/** A subject over an in-memory table; organizations: 1 (system) > 2 (reseller) > 3 (customer). */
function harness(options: Partial<ApprovalSubject<Status, Row>> = {}) {
  const rows = new Map<number, Row>();
  const audits: AuditEntry[] = [];
  const changed: number[] = [];
  const audit = { record: async (_tx: Tx, _ctx: Actor, entry: AuditEntry) => { audits.push(entry); } } as unknown as AuditService;
  const chains: Record<number, { id: number }[]> = { 1: [{ id: 1 }], 2: [{ id: 1 }, { id: 2 }], 3: [{ id: 1 }, { id: 2 }, { id: 3 }] };
  const organizations = { chainOf: sinon.stub().callsFake(async (id: number) => chains[id] ?? []) } as unknown as OrganizationsService;
  const uow = { run: async <T>(work: (tx: Tx) => Promise<T>) => work(TX) } as unknown as UnitOfWork;
  const clock = { now: () => NOW } as unknown as Clock;
  const service = new ApprovalsService(audit, organizations, uow, clock);
  const workflow = service.register<Status, Row>({
    className: 'Thing',
    statuses: { waiting: 'Waiting', confirmed: 'Yes', rejected: 'No' },
    messages: { notFound: 'thing.notFound', decideForbidden: 'thing.forbidden', notConfirmed: 'thing.notConfirmed' },
    // A plain user sees only their own rows; a manager every row.
    find: async (ctx, id) => {
      const row = rows.get(id);
      const manager = ctx.principal.isAdmin || ctx.principal.scope !== 'user';
      return row && !row.deletedAt && (manager || row.userId === ctx.principal.userId) ? { row: { ...row }, organizationId: row.organizationId } : null;
    },
    write: async (_tx, id, patch: ApprovalPatch<Status>) => { const next = { ...rows.get(id)!, ...patch }; rows.set(id, next); return { ...next }; },
    remove: async (_tx, row, now) => { rows.set(row.id, { ...rows.get(row.id)!, deletedAt: now }); },
    changed: (_tx, row) => { changed.push(row.id); },
    ...options,
  });
  const add = (row: Partial<Row> & { id: number }) => rows.set(row.id, { organizationId: 3, userId: 30, status: 'Waiting', decidedByUserId: null, decidedAt: null, ...row });
  return { service, workflow, rows, audits, changed, add, organizations };
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try { await p; } catch (err) { expect(err).to.be.instanceOf(AppError); return err as AppError; }
  throw new Error('expected a refusal');
}

const plain = actor(30, 3);
const admin = actor(31, 3, { isAdmin: true });
const reseller = actor(20, 2, { scope: 'reseller', claims: ['Sending.Confirm'] });
const superAdmin = actor(1, 1, { scope: 'superAdmin' });

describe('approvals workflow', () => {
  it('a plain user\'s new row waits; a manager\'s is confirmed at once by them', async () => {
    const { workflow } = harness();
    expect(await workflow.stateFor(plain, 3)).to.deep.equal({ status: 'Waiting', decidedByUserId: null, decidedAt: null });
    expect(await workflow.stateFor(admin, 3)).to.deep.equal({ status: 'Yes', decidedByUserId: 31, decidedAt: NOW });
    expect(await workflow.stateFor(reseller, 3)).to.deep.equal({ status: 'Yes', decidedByUserId: 20, decidedAt: NOW });
  });

  it('editing sends a row back to waiting only when the subject says the change needs confirmation', async () => {
    const { workflow } = harness();
    expect(await workflow.editState(plain, 3, false)).to.deep.equal({});
    expect(await workflow.editState(plain, 3, true)).to.deep.equal({ status: 'Waiting', decidedByUserId: null, decidedAt: null });
    expect(await workflow.editState(admin, 3, true)).to.include({ status: 'Yes', decidedByUserId: 31 });
  });

  it('confirm, reject and undo write the decision, move lastModified where kept, and are audited under their names', async () => {
    const { workflow, add, audits, changed } = harness({ lastModified: true });
    add({ id: 7 });
    const confirmed = await workflow.decide(admin, 7, 'Confirm');
    expect(confirmed).to.include({ status: 'Yes', decidedByUserId: 31, decidedAt: NOW, lastModified: NOW });
    const undone = await workflow.decide(admin, 7, 'UndoConfirm');
    expect(undone.status).to.equal('Waiting');
    const rejected = await workflow.decide(admin, 7, 'Reject', 'ignored: no reason kept');
    expect(rejected.status).to.equal('No');
    expect(rejected).to.not.have.property('rejectReason');
    expect(audits.map((a) => a.operationType)).to.deep.equal(['Confirm', 'UndoConfirm', 'Reject']);
    expect(audits[0]).to.deep.include({ className: 'Thing', referenceId: 7, organizationId: 3 });
    expect((audits[0]!.oldData as Row).status).to.equal('Waiting');
    expect((audits[0]!.newData as Row).status).to.equal('Yes');
    expect(changed).to.deep.equal([7, 7, 7]);
  });

  it('without lastModified a decision writes only the state', async () => {
    const { workflow, add } = harness();
    add({ id: 1 });
    const row = await workflow.decide(admin, 1, 'Confirm');
    expect(row).to.not.have.property('lastModified');
  });

  it('refuses in order: not found (404), not a manager (403), undo of an unconfirmed row (409)', async () => {
    const { workflow, add, audits } = harness();
    add({ id: 1 });
    add({ id: 2, userId: 99 });
    expect((await refusal(workflow.decide(plain, 2, 'Confirm'))).status).to.equal(404);
    expect((await refusal(workflow.decide(plain, 404, 'Confirm'))).key).to.equal('thing.notFound');
    const forbidden = await refusal(workflow.decide(plain, 1, 'Confirm'));
    expect([forbidden.status, forbidden.key]).to.deep.equal([403, 'thing.forbidden']);
    const notConfirmed = await refusal(workflow.decide(admin, 1, 'UndoConfirm'));
    expect([notConfirmed.status, notConfirmed.key]).to.deep.equal([409, 'thing.notConfirmed']);
    expect(audits).to.have.length(0);
  });

  it('keeps a trimmed reject reason where the subject keeps one, cleared by any other decision', async () => {
    const { workflow, add } = harness({ rejectReason: true });
    add({ id: 1 });
    expect((await workflow.decide(admin, 1, 'Reject', '  too long  ')).rejectReason).to.equal('too long');
    expect((await workflow.decide(admin, 1, 'Reject', '   ')).rejectReason).to.equal(null);
    expect((await workflow.decide(admin, 1, 'Confirm')).rejectReason).to.equal(null);
    expect(await workflow.stateFor(plain, 3)).to.have.property('rejectReason', null);
  });

  it('records confirmedAbove: the super admin, or the claim over a strict ancestor; never the organization\'s own administrator', async () => {
    const { workflow, add } = harness({ confirmedAboveClaim: 'Sending.Confirm' });
    add({ id: 1 });
    expect((await workflow.decide(actor(31, 3, { isAdmin: true, claims: ['Sending.Confirm'] }), 1, 'Confirm')).confirmedAbove).to.equal(false);
    expect((await workflow.decide(reseller, 1, 'Confirm')).confirmedAbove).to.equal(true);
    expect((await workflow.decide(actor(21, 2, { scope: 'reseller' }), 1, 'Confirm')).confirmedAbove).to.equal(false);
    expect((await workflow.decide(superAdmin, 1, 'Confirm')).confirmedAbove).to.equal(true);
    expect((await workflow.decide(superAdmin, 1, 'Reject')).confirmedAbove).to.equal(false);
    expect(await workflow.stateFor(plain, 3)).to.include({ confirmedAbove: false });
    expect(await workflow.stateFor(reseller, 3)).to.include({ confirmedAbove: true });
  });

  it('tenantSlice: the lookup gets the caller\'s tenant and owner filter; with fromAbove only a manager strictly above the row\'s organization decides (404 before 403)', async () => {
    const seen: [Tenant, number | null, number][] = [];
    const { workflow, add, rows } = harness(tenantSlice(async (tenant, owner, id) => {
      seen.push([tenant, owner, id]);
      const row = rows.get(id);
      return row && (owner === null || row.userId === owner) ? { ...row } : null;
    }, { fromAbove: true }));
    add({ id: 1 });
    expect((await refusal(workflow.decide(actor(99, 3), 1, 'Confirm'))).status).to.equal(404);
    expect(seen[0]).to.deep.equal([{ organizationId: 3, path: '3', subtree: true }, 99, 1]);
    expect((await refusal(workflow.decide(plain, 1, 'Confirm'))).message).to.equal('thing.forbidden');
    expect((await refusal(workflow.decide(admin, 1, 'Confirm'))).status).to.equal(403);
    expect(seen.at(-1)![1]).to.equal(null);
    expect((await workflow.decide(reseller, 1, 'Confirm')).status).to.equal('Yes');
    expect((await workflow.decide(superAdmin, 1, 'Reject')).status).to.equal('No');
    expect(await workflow.decidesFromAbove(admin, 3)).to.equal(false);
    expect(await workflow.decidesFromAbove(actor(21, 2), 3)).to.equal(false);
  });

  it('tenantSlice without fromAbove: the organization\'s own administrator decides; a target maps what the lookup found', async () => {
    const { workflow, add, rows } = harness(tenantSlice(async (_tenant, _owner, id) => (rows.has(id) ? { thing: rows.get(id)!, org: 2 } : null), {
      target: (found: { thing: Row; org: number }) => ({ row: { ...found.thing }, organizationId: found.org }),
    }));
    add({ id: 1 });
    expect((await workflow.decide(admin, 1, 'Confirm')).status).to.equal('Yes');
    expect((await workflow.found(admin, 1, TX)).organizationId).to.equal(2);
  });

  it('delete: whoever manages the row, audited with the row as it was; then it is not found', async () => {
    const { workflow, add, audits, changed } = harness();
    add({ id: 5 });
    expect(await workflow.delete(plain, 5)).to.equal(null);
    expect(audits[0]).to.deep.include({ operationType: 'Delete', className: 'Thing', referenceId: 5, organizationId: 3 });
    expect(changed).to.deep.equal([5]);
    expect((await refusal(workflow.delete(plain, 5))).status).to.equal(404);
  });

  it('a subject registers once', () => {
    const { service } = harness();
    expect(service.registered()).to.deep.equal(['Thing']);
    expect(() => service.register({ className: 'Thing' } as ApprovalSubject<Status, Row>)).to.throw(/registered twice/);
  });
});
