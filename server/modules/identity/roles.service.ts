import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import type { ConfirmationGuard, ConfirmationInput } from '../../platform/confirmation.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { AuditService } from '../audit/index.js';
import { OrganizationsService } from '../organizations/index.js';
import { RolesRepository, type RoleListFilter, type RoleRow } from './roles.repository.js';
import { UsersRepository } from './users.repository.js';
import { assertMayManage } from './users.service.js';
import { CLAIM_SECTIONS, defaultCeiling, isKnownClaim } from './claim-catalogue.js';

/**
 * Roles belong to one organization and are given to its users; role templates belong to the
 * system or a reseller and cap what an organization's roles may contain. Nobody grants a claim
 * they do not hold, and any edit that takes access away must be confirmed by typing a number.
 */
@injectable()
export class RolesService {
  constructor(
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RolesRepository) private readonly roles: RolesRepository,
    @inject(UsersRepository) private readonly users: UsersRepository,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.ConfirmationGuard) private readonly confirmation: ConfirmationGuard,
  ) {}

  /** The catalogue by menu section, limited to what the caller may hand out. */
  catalogue(ctx: Actor) {
    return CLAIM_SECTIONS.map((s) => ({
      key: s.key, titleFa: s.fa, titleEn: s.en,
      claims: s.claims.filter((c) => ctx.principal.claims.has(c.key)).map((c) => ({ key: c.key, titleFa: c.fa, titleEn: c.en })),
    })).filter((s) => s.claims.length > 0);
  }

  get(ctx: Actor, id: number, isTemplate: boolean) {
    return this.roles.findVisible(ctx.tenant, id, isTemplate).then((r) => {
      if (!r) throw notFound('role.notFound');
      return r;
    });
  }

  list(ctx: Actor, filter: RoleListFilter) {
    return this.roles.list(ctx.tenant, normalizeSearch(filter));
  }

  async create(ctx: Actor, body: { title: string; claims: string[]; organizationId?: number }, isTemplate: boolean) {
    const claims = this.checkClaims(ctx, body.claims);
    const organizationId = body.organizationId ?? ctx.tenant.organizationId;
    return this.uow.run(async (tx) => {
      const org = await this.organizations.findVisible(ctx.tenant, organizationId, tx);
      if (!org) throw fieldError('organizationId', 'organization.notFound');
      if (isTemplate && org.type === 'organization') throw fieldError('organizationId', 'role.templateOwner');
      if (!isTemplate) {
        const ceiling = await this.ceilingOf(org.id, tx);
        const outside = claims.filter((c) => !ceiling.has(c));
        if (outside.length) throw fieldError('claims', 'role.claimsBeyondOrganization', { claims: outside.join(', ') });
      }
      const role = await this.roles.insert(tx, { organizationId: org.id, title: body.title.trim(), claims, isTemplate });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: isTemplate ? 'RoleTemplate' : 'Role', referenceId: role.id, organizationId: org.id, newData: role });
      return role;
    });
  }

  async update(ctx: Actor, body: { id: number; title?: string; claims?: string[] } & ConfirmationInput, isTemplate: boolean) {
    const role = await this.roles.findVisible(ctx.tenant, body.id, isTemplate);
    if (!role) throw notFound('role.notFound');
    const claims = body.claims === undefined ? undefined : this.checkClaims(ctx, body.claims, role.claims);
    const removed = claims ? role.claims.filter((c) => !claims.includes(c)) : [];
    if (removed.length) await this.confirmation.require(ctx, `${isTemplate ? 'RoleTemplates' : 'Roles'}.Update:${role.id}`, body);
    return this.uow.run(async (tx) => {
      await this.roles.update(tx, role.id, { title: body.title?.trim(), claims });
      const updated = (await this.roles.findById(role.id, tx)) as RoleRow;
      await this.audit.record(tx, ctx, { operationType: 'Update', className: isTemplate ? 'RoleTemplate' : 'Role', referenceId: role.id, organizationId: role.organizationId, oldData: role, newData: updated });
      return updated;
    });
  }

  async clone(ctx: Actor, id: number, title: string | undefined) {
    const role = await this.roles.findVisible(ctx.tenant, id, false);
    if (!role) throw notFound('role.notFound');
    return this.create(ctx, { title: title ?? `${role.title} (2)`, claims: role.claims, organizationId: role.organizationId }, false);
  }

  async delete(ctx: Actor, id: number, isTemplate: boolean, confirmation: ConfirmationInput) {
    const role = await this.roles.findVisible(ctx.tenant, id, isTemplate);
    if (!role) throw notFound('role.notFound');
    // Refused before the confirmation number is asked for: typing it would be for nothing.
    if (isTemplate && (await this.roles.countOrganizationsWithTemplate(role.id)) > 0) throw badRequest('role.templateInUse');
    await this.confirmation.require(ctx, `${isTemplate ? 'RoleTemplates' : 'Roles'}.Delete:${role.id}`, confirmation);
    return this.uow.run(async (tx) => {
      if (isTemplate && (await this.roles.countOrganizationsWithTemplate(role.id, tx)) > 0) throw badRequest('role.templateInUse');
      await this.users.clearRole(tx, role.id);
      await this.roles.softDelete(tx, role.id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: isTemplate ? 'RoleTemplate' : 'Role', referenceId: role.id, organizationId: role.organizationId, oldData: role });
      return null;
    });
  }

  async assignToUser(ctx: Actor, body: { userId: number; roleId: number | null } & ConfirmationInput) {
    const user = await this.users.findVisible(ctx.tenant, body.userId);
    if (!user) throw notFound('user.notFound');
    if (user.id === ctx.principal.userId) throw forbidden('user.cannotChangeOwnAccess');
    assertMayManage(ctx, user);
    if (body.roleId !== null) {
      const role = await this.roles.findById(body.roleId);
      const org = await this.organizations.findById(user.organizationId);
      const fits = role && ((!role.isTemplate && role.organizationId === user.organizationId) || (role.isTemplate && org?.roleTemplateId === role.id));
      if (!fits) throw fieldError('roleId', 'role.notFound');
      if (!role.claims.every((c) => ctx.principal.claims.has(c))) throw fieldError('roleId', 'role.claimsBeyondYours');
      const old = user.roleTemplateId ? await this.roles.findById(user.roleTemplateId) : null;
      if (old && old.claims.some((c) => !role.claims.includes(c))) await this.confirmation.require(ctx, `Roles.Assign:${user.id}`, body);
    } else if (user.roleTemplateId) {
      await this.confirmation.require(ctx, `Roles.Assign:${user.id}`, body);
    }
    return this.uow.run(async (tx) => {
      await this.users.update(tx, user.id, { roleTemplateId: body.roleId });
      await this.audit.record(tx, ctx, { operationType: 'AssignRole', className: 'User', referenceId: user.id, organizationId: user.organizationId, oldData: { roleTemplateId: user.roleTemplateId }, newData: { roleTemplateId: body.roleId } });
      return null;
    });
  }

  /** Gives an organization strictly below the template's owner a template (null: back to the default). */
  async assignTemplate(ctx: Actor, body: { organizationId: number; roleTemplateId: number | null } & ConfirmationInput) {
    const org = await this.organizations.findVisible(ctx.tenant, body.organizationId);
    if (!org) throw notFound('organization.notFound');
    if (org.id === ctx.principal.organizationId || org.type === 'system') throw forbidden('organization.ownLimitsByParent');
    let template: RoleRow | null = null;
    if (body.roleTemplateId !== null) {
      template = await this.roles.findVisible(ctx.tenant, body.roleTemplateId, true);
      const owner = template ? await this.organizations.findById(template.organizationId) : null;
      if (!template || !owner || !org.path.startsWith(owner.path) || owner.id === org.id) throw fieldError('roleTemplateId', 'role.notFound');
    }
    const before = org.roleTemplateId ? await this.roles.findById(org.roleTemplateId) : null;
    const beforeClaims = before?.claims ?? defaultCeiling(org.type);
    const afterClaims = template?.claims ?? defaultCeiling(org.type);
    if (beforeClaims.some((c) => !afterClaims.includes(c))) await this.confirmation.require(ctx, `RoleTemplates.Assign:${org.id}`, body);
    return this.uow.run(async (tx) => {
      await this.organizations.setRoleTemplate(tx, org.id, body.roleTemplateId);
      await this.audit.record(tx, ctx, { operationType: 'AssignRoleTemplate', className: 'Organization', referenceId: org.id, organizationId: org.id, oldData: { roleTemplateId: org.roleTemplateId }, newData: { roleTemplateId: body.roleTemplateId } });
      return null;
    });
  }

  private async ceilingOf(organizationId: number, tx: Tx): Promise<Set<string>> {
    const org = await this.organizations.findById(organizationId, tx);
    if (!org) return new Set();
    const template = org.roleTemplateId ? await this.roles.findById(org.roleTemplateId, tx) : null;
    return new Set(template?.claims ?? defaultCeiling(org.type));
  }

  /** Known claims only, none beyond the caller's own (claims the role already had may stay). */
  private checkClaims(ctx: Actor, claims: string[], existing: string[] = []): string[] {
    const unique = [...new Set(claims)];
    const unknown = unique.filter((c) => !isKnownClaim(c));
    if (unknown.length) throw fieldError('claims', 'role.unknownClaims', { claims: unknown.join(', ') });
    const beyond = unique.filter((c) => !ctx.principal.claims.has(c) && !existing.includes(c));
    if (beyond.length) throw fieldError('claims', 'role.claimsBeyondYours');
    return unique.sort();
  }
}
