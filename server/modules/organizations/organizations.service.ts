import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import type { Actor, Tenant } from '../../platform/actor.js';
import type { RequestContext } from '../../platform/http/context.js';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { ConfirmationGuard, ConfirmationInput } from '../../platform/confirmation.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { sameAsStored } from '../../platform/stored-value.js';
import { AuditService } from '../audit/index.js';
import { OrganizationsRepository, type OrganizationListFilter } from './organizations.repository.js';
import { ORGANIZATION_FLAGS, ORGANIZATION_INT_FIELDS, ORGANIZATION_TEXT_FIELDS, type OrganizationRow } from './organization.fields.js';
import type { SchemaType } from '../../platform/http/router.js';
import type { createOrganizationSchema, updateOrganizationSchema } from './organizations.schemas.js';
import { normalizeClockTime } from '../../shared/dates/clock-time.js';

export type ClosingReason = 'deleted' | 'deactivated' | 'archived';

/** Other modules react to organizations going away (their users' sessions end, users are deleted). */
export interface OrganizationLifecycleListener {
  onOrganizationsClosed(tx: Tx, organizationIds: number[], reason: ClosingReason): Promise<void>;
}

export type OrganizationStanding = 'ok' | 'inactive' | 'expired' | 'deleted';

// What an organization's own administrator (or a user of it holding Organizations.Update) may change
// on their own organization: its profile and its alert preferences. Everything else limits the
// organization (activity, send permission, expiry, send window, maxima, confirmation and scope
// flags, tariff, line and domain) and is set by the organization above it; see CONTEXT.md.
const SELF_EDITABLE = new Set<string>([
  'name', 'organName', 'nationalId', 'economicCode', 'ceoFullName', 'ceoMobile', 'ceoNationalCode', 'workplaceTitle',
  'workplacePhone', 'workplaceZipCode', 'workplaceAddress', 'isRealPerson', 'isForeigner', 'adminUserId',
  'isSendAlertToOrganizationAdmin', 'isSendAlertForCreateSmartSmsRequest', 'isSendOrganizationExpirationAlertMessage',
  'isSendAlertForCreateOnlinePayment', 'isSendAlertForCreatePayment', 'enableSmartSmsFailureAlert',
  // It holds back only the organizations below (documents/CONTEXT.md): a reseller verifies its own customers.
  'isRequireSubOrganizationAuthentication',
]);

// What the organization's identity documents vouch for (license, founding and changes
// announcements, the CEO's cards): its own change of one takes `isAuthenticated` away until an
// organization above approves again, as for a user (spec: editing authentication deactivates it).
const AUTHENTICATED_FIELDS = new Set<string>(['organName', 'nationalId', 'economicCode', 'ceoFullName', 'ceoNationalCode', 'isRealPerson', 'isForeigner']);

const WRITABLE = new Set<string>([
  ...Object.keys(ORGANIZATION_TEXT_FIELDS), ...ORGANIZATION_INT_FIELDS, ...ORGANIZATION_FLAGS,
  'panelPrice', 'sendStartTime', 'sendEndTime', 'expireTime', 'isActive',
]);

export function publicOrganization(row: OrganizationRow): Record<string, unknown> {
  const { deletedAt: _deletedAt, ...rest } = row;
  return { ...rest, panelPrice: row.panelPrice === null || row.panelPrice === undefined ? null : Number(row.panelPrice) };
}

@injectable()
export class OrganizationsService {
  private readonly listeners: OrganizationLifecycleListener[] = [];

  constructor(
    @inject(OrganizationsRepository) private readonly repo: OrganizationsRepository,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.ConfirmationGuard) private readonly confirmation: ConfirmationGuard,
  ) {}

  addLifecycleListener(listener: OrganizationLifecycleListener): void {
    this.listeners.push(listener);
  }

  // ---- used by other modules ----

  findById(id: number, tx?: Tx) { return this.repo.findById(id, tx); }

  /** The organization and every ancestor, root first (empty when it does not exist): the send engine judges standing along it. */
  async chainOf(organizationId: number, tx?: Tx): Promise<OrganizationRow[]> {
    const org = await this.repo.findById(organizationId, tx);
    return org ? this.repo.chain(org.path, tx) : [];
  }
  findVisible(tenant: Tenant, id: number, tx?: Tx) { return this.repo.findVisible(tenant, id, tx); }
  countOrganizations() { return this.repo.count(); }
  /** Whether a customer organization (anything below the system organization) exists: the first-run checklist. */
  hasCustomer() { return this.repo.anyCustomer(); }

  async systemOrganizationName(): Promise<string> {
    return (await this.repo.systemOrganization())?.name ?? 'Peyk';
  }

  /** The worst standing along the organization's chain to the root: an inactive parent stops its whole tree. */
  async standing(organizationId: number, tx?: Tx): Promise<OrganizationStanding> {
    const org = await this.repo.findById(organizationId, tx);
    if (!org) return 'deleted';
    const chain = await this.repo.chain(org.path, tx);
    const now = this.clock.now().getTime();
    if (chain.length !== org.path.split('/').filter(Boolean).length || chain.some((o) => o.deletedAt)) return 'deleted';
    if (chain.some((o) => !o.isActive || o.isArchived)) return 'inactive';
    if (chain.some((o) => o.expireTime && new Date(o.expireTime).getTime() <= now)) return 'expired';
    return 'ok';
  }

  async createSystemOrganization(tx: Tx, name: string): Promise<OrganizationRow> {
    return this.repo.insert(tx, null, { name, type: 'system', isActive: true, isActiveSend: true, isActiveAllTime: true });
  }

  async setRoleTemplate(tx: Tx, organizationId: number, roleTemplateId: number | null): Promise<void> {
    await this.repo.update(tx, organizationId, { roleTemplateId });
  }

  /** A changed identity document takes the authentication away until an administrator above sets it again (spec). */
  async revokeAuthentication(tx: Tx, organizationId: number): Promise<void> {
    await this.repo.update(tx, organizationId, { isAuthenticated: false });
  }

  // ---- API ----

  async get(ctx: Actor, id: number) {
    const org = await this.repo.findVisible(ctx.tenant, id);
    if (!org) throw notFound('organization.notFound');
    return publicOrganization(org);
  }

  async list(ctx: Actor, filter: OrganizationListFilter) {
    return this.repo.list(ctx.tenant, normalizeSearch(filter));
  }

  async create(ctx: Actor, body: SchemaType<typeof createOrganizationSchema>) {
    if (!ctx.tenant.subtree) throw forbidden();
    const type = body.type ?? 'organization';
    if (type === 'reseller' && ctx.principal.scope !== 'superAdmin') throw forbidden('organization.onlySuperAdminCreatesResellers');
    return this.uow.run(async (tx) => {
      const parentId = body.parentId ?? ctx.tenant.organizationId;
      const parent = await this.repo.findVisible(ctx.tenant, parentId, tx);
      if (!parent) throw fieldError('parentId', 'organization.parentNotFound');
      return publicOrganization(await this.insertChild(tx, ctx, parent, body, type, ctx.principal.userId));
    });
  }

  /**
   * A self sign-up's organization (identity's `SignUpService`, in its transaction): type
   * `organization` under `parentId`, created by the same path an administrator's Create takes
   * (parent's limits, defaults, audit), inactive until an administrator above activates it.
   */
  async createForSignUp(tx: Tx, ctx: RequestContext, parentId: number, name: string): Promise<OrganizationRow> {
    const parent = await this.repo.findById(parentId, tx);
    // An archived parent takes no new organizations: to a stranger that is sign-up being closed here.
    if (!parent || parent.isArchived) throw forbidden('account.signUpClosed');
    return this.insertChild(tx, ctx, parent, { name, isActive: false, isAuthenticated: false }, 'organization', null);
  }

  /** Create's one path below a found parent: its live-children cap (parent row locked), the posted values judged, the row, the audit. */
  private async insertChild(tx: Tx, ctx: Actor | RequestContext, parent: OrganizationRow, body: Record<string, unknown>, type: string, createdBy: number | null): Promise<OrganizationRow> {
    if (parent.isArchived) throw fieldError('parentId', 'organization.parentArchived');
    await this.repo.findByIdForUpdate(tx, parent.id);
    if (parent.maxOrganization && (await this.repo.countLiveChildren(tx, parent.id)) >= (parent.maxOrganization as number)) {
      throw badRequest('organization.maxOrganizationReached', { limit: parent.maxOrganization });
    }
    const values = this.pickWritable(body);
    checkSendWindow(values, null);
    await this.checkReferences(tx, null, parent.path, values);
    const created = await this.repo.insert(tx, parent, { ...values, type, createdBy, isActive: values.isActive ?? true });
    await this.audit.record(tx, ctx, { operationType: 'Create', className: 'Organization', referenceId: created.id, organizationId: created.id, newData: publicOrganization(created) });
    return created;
  }

  async update(ctx: Actor, body: SchemaType<typeof updateOrganizationSchema>) {
    const id = body.id;
    return this.uow.run(async (tx) => {
      const org = await this.repo.findVisible(ctx.tenant, id, tx);
      if (!org) throw notFound('organization.notFound');
      const own = org.id === ctx.principal.organizationId && ctx.principal.scope !== 'superAdmin';
      if (!ctx.tenant.subtree && !own) throw forbidden();
      const values = this.pickWritable(body);
      if (own) {
        const blocked = Object.keys(values).filter((k) => !SELF_EDITABLE.has(k) && !sameAsStored(values[k], org[k]));
        if (blocked.length) {
          throw new AppError(403, 'organization.ownLimitFields', { fields: blocked.join(', ') },
            blocked.map((f) => ({ propertyName: f, key: 'organization.ownLimitFields', params: { fields: f } })));
        }
        if (org.isAuthenticated && Object.keys(values).some((k) => AUTHENTICATED_FIELDS.has(k) && !sameAsStored(values[k], org[k]))) values.isAuthenticated = false;
      }
      checkSendWindow(values, org);
      await this.checkReferences(tx, org, org.path, values);
      if (values.isActive === false && org.id === ctx.principal.organizationId) throw forbidden('organization.cannotCloseOwn');
      if (body.parentId !== undefined && body.parentId !== org.parentId) {
        if (own || org.id === ctx.tenant.organizationId || org.type === 'system') throw fieldError('parentId', 'organization.cannotMove');
        const newParent = await this.repo.findVisible(ctx.tenant, body.parentId, tx);
        if (!newParent) throw fieldError('parentId', 'organization.parentNotFound');
        if (newParent.path.startsWith(org.path)) throw fieldError('parentId', 'organization.moveIntoOwnSubtree');
        await this.repo.move(tx, org, newParent);
      }
      await this.repo.update(tx, org.id, values);
      const updated = (await this.repo.findById(org.id, tx)) as OrganizationRow;
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'Organization', referenceId: org.id, organizationId: org.id, oldData: publicOrganization(org), newData: publicOrganization(updated) });
      if (org.isActive && values.isActive === false) await this.notify(tx, await this.repo.subtreeIds(tx, updated.path), 'deactivated');
      return publicOrganization(updated);
    });
  }

  async setActive(ctx: Actor, id: number, isActive: boolean) {
    return this.changeState(ctx, id, isActive ? 'Activate' : 'Deactivate', { isActive }, isActive ? null : 'deactivated');
  }

  async setArchived(ctx: Actor, id: number, isArchived: boolean) {
    return this.changeState(ctx, id, isArchived ? 'Archive' : 'Unarchive',
      { isArchived, archivedAt: isArchived ? this.clock.now() : null }, isArchived ? 'archived' : null);
  }

  async delete(ctx: Actor, id: number, withChildren: boolean, confirmation: ConfirmationInput) {
    const org = await this.repo.findVisible(ctx.tenant, id);
    if (!org) throw notFound('organization.notFound');
    this.assertBelowCaller(ctx, org);
    await this.confirmation.require(ctx, `Organizations.Delete:${id}:${withChildren ? 'tree' : 'only'}`, confirmation);
    return this.uow.run(async (tx) => {
      const locked = await this.repo.findByIdForUpdate(tx, id);
      if (!locked) throw notFound('organization.notFound');
      const ids = withChildren ? await this.repo.deleteSubtree(tx, locked) : await this.repo.deleteOnly(tx, locked);
      await this.notify(tx, ids, 'deleted');
      await this.audit.record(tx, ctx, {
        operationType: withChildren ? 'DeleteWithChildren' : 'Delete', className: 'Organization', referenceId: id,
        organizationId: locked.parentId, oldData: publicOrganization(locked), newData: { deletedOrganizationIds: ids },
      });
      return { deletedOrganizationIds: ids };
    });
  }

  private async changeState(ctx: Actor, id: number, operation: string, values: Record<string, unknown>, closing: ClosingReason | null) {
    return this.uow.run(async (tx) => {
      const org = await this.repo.findVisible(ctx.tenant, id, tx);
      if (!org) throw notFound('organization.notFound');
      this.assertBelowCaller(ctx, org);
      await this.repo.update(tx, id, values);
      if (closing) await this.notify(tx, await this.repo.subtreeIds(tx, org.path), closing);
      await this.audit.record(tx, ctx, { operationType: operation, className: 'Organization', referenceId: id, organizationId: id, oldData: pick(org, Object.keys(values)), newData: values });
      return publicOrganization((await this.repo.findById(id, tx)) as OrganizationRow);
    });
  }

  /** Closing, deleting and archiving act only on organizations strictly below the caller's own. */
  private assertBelowCaller(ctx: Actor, org: OrganizationRow): void {
    if (org.type === 'system') throw forbidden('organization.cannotCloseOwn');
    if (org.id === ctx.principal.organizationId || !org.path.startsWith(ctx.principal.organizationPath)) throw forbidden('organization.cannotCloseOwn');
    if (!ctx.tenant.subtree) throw forbidden();
  }

  private async notify(tx: Tx, ids: number[], reason: ClosingReason): Promise<void> {
    if (!ids.length) return;
    for (const l of this.listeners) await l.onOrganizationsClosed(tx, ids, reason);
  }

  /**
   * The records an organization points at must be ones it can have: its administrator user one of
   * its own users (none on create: a new organization has no users yet), its black-sender line one
   * owned along its chain (itself or an organization above it). A value posted back unchanged passes,
   * so a value stored before this rule does not block other edits. `chainPath` is the
   * organization's path (on create: its parent's, the new one owning nothing yet). Its white-label
 * domain (`domainId`) likewise one owned along its chain.
   */
  private async checkReferences(tx: Tx, org: OrganizationRow | null, chainPath: string, values: Record<string, unknown>): Promise<void> {
    const changed = (field: string) => values[field] !== undefined && values[field] !== null && !(org && sameAsStored(values[field], org[field]));
    if (changed('adminUserId') && !(org && await this.repo.isOwnUser(tx, org.id, values.adminUserId as number))) {
      throw fieldError('adminUserId', 'organization.adminUserNotMember');
    }
    if (changed('blackSenderPrivateNumberId')) {
      const chain = chainPath.split('/').filter(Boolean).map(Number);
      if (!await this.repo.isLineOwnedByAny(tx, chain, values.blackSenderPrivateNumberId as number)) {
        throw fieldError('blackSenderPrivateNumberId', 'organization.blackSenderLineNotInChain');
      }
    }
    // A white-label domain serves the tree under its organization: an organization may point only at one along its own chain.
    if (changed('domainId')) {
      const chain = chainPath.split('/').filter(Boolean).map(Number);
      if (!await this.repo.isDomainOwnedByAny(tx, chain, values.domainId as number)) throw fieldError('domainId', 'organization.domainNotInChain');
    }
  }

  private pickWritable(body: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) if (WRITABLE.has(k)) out[k] = typeof v === 'string' && k !== 'name' ? (v.trim() === '' ? null : v.trim()) : v;
    if (typeof out.name === 'string') out.name = out.name.trim();
    // The schema's 'hhmm' takes 8:00 and Persian digits; the window is stored as HH:mm.
    for (const k of ['sendStartTime', 'sendEndTime']) if (typeof out[k] === 'string') out[k] = normalizeClockTime(out[k] as string);
    return out;
  }
}

function pick(row: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, row[k]]));
}

function checkSendWindow(values: Record<string, unknown>, current: OrganizationRow | null): void {
  const start = (values.sendStartTime ?? current?.sendStartTime ?? null) as string | null;
  const end = (values.sendEndTime ?? current?.sendEndTime ?? null) as string | null;
  if ((start === null) !== (end === null)) throw fieldError(start === null ? 'sendStartTime' : 'sendEndTime', 'organization.sendWindowBoth');
}

