import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { isUniqueViolation, UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { UploadIntake, type UploadSource } from '../../platform/upload/upload-intake.service.js';
import { imageUploadKind } from '../../platform/upload/image-upload.js';
import { KeptFiles } from '../../platform/upload/kept-files.js';
import type { SchemaType } from '../../platform/http/router.js';
import type { SettingsService } from '../../platform/settings.service.js';
import { AuditService } from '../audit/index.js';
import {
  DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR, DOMAIN_IMAGE_MAX_BYTES, MAX_LOGIN_IMAGES,
  type ClientDataAnswer, type CustomerDomainAnswer, type DomainImageType,
} from '../../shared/organizations/customer-domains.answers.js';
import { CustomerDomainsRepository, type CustomerDomainRow, type CustomerDomainValues, type DomainScope } from './customer-domains.repository.js';
import { OrganizationsRepository } from './organizations.repository.js';
import type { createCustomerDomainSchema, updateCustomerDomainSchema } from './customer-domains.schemas.js';

const CLASS_NAME = 'CustomerDomain';
/** The kept-files folder of every domain's logo and login images. */
const FOLDER = 'domain-images';
/**
 * The spec's 1 MB, jpg/png/jpeg judged from the bytes. The carousel's recommended 4006×2116 fits
 * well inside the pixel limits; a header claiming more is a decompression bomb, not a login image.
 */
export const DOMAIN_IMAGE_KIND = imageUploadKind('domain-image', { maxBytes: DOMAIN_IMAGE_MAX_BYTES, maxWidth: 8_000, maxHeight: 8_000, maxPixels: 40_000_000 });

// One DNS label: letters, digits and inner hyphens, at most 63 characters.
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const COLOUR = /^#[0-9a-f]{6}$/;

/**
 * A host name as typed, judged: lower-cased, a trailing dot dropped; a scheme, port or path is
 * refused with its own message (the usual mistake is pasting a URL). At least two labels, the last
 * with a letter, so neither `localhost` nor an IP address can take the default branding's place.
 */
export function normalizeHost(field: string, value: string): string {
  const host = value.trim().toLowerCase().replace(/\.$/, '');
  if (/[/:?#@\\]/.test(host)) throw fieldError(field, 'customerDomain.hostOnly');
  const labels = host.split('.');
  if (host.length > 253 || labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !/[a-z]/.test(labels[labels.length - 1])) {
    throw fieldError(field, 'customerDomain.invalidHost');
  }
  return host;
}

function normalizeColour(field: string, value: string): string {
  const colour = value.trim().toLowerCase();
  if (!COLOUR.test(colour)) throw fieldError(field, 'customerDomain.invalidColor');
  return colour;
}

function normalizeLink(field: string, value: string | null): string | null {
  const link = value?.trim() ?? '';
  if (link === '') return null;
  let url: URL;
  try { url = new URL(link); } catch { throw fieldError(field, 'customerDomain.invalidLink'); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fieldError(field, 'customerDomain.invalidLink');
  return link;
}

/** Paths under the API root the public image route answers. */
const imagePath = (domainId: number, key: string) => `CustomerDomains/Image/${domainId}/${key}`;

function view(row: CustomerDomainRow): CustomerDomainAnswer {
  return {
    id: row.id,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    resellerDomain: row.resellerDomain,
    resellerIdentityDomain: row.resellerIdentityDomain,
    desktop: row.desktop,
    loginTheme: row.loginTheme,
    dashboardMode: row.dashboardMode,
    loginPageMode: row.loginPageMode,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    resellerLink: row.resellerLink,
    enamad: row.enamad,
    agentLogo: row.agentLogoKey ? imagePath(row.id, row.agentLogoKey) : null,
    loginImages: row.loginImageKeys.map((key) => ({ key, url: imagePath(row.id, key) })),
    isSignUpEnabled: row.isSignUpEnabled,
    createdAt: new Date(row.createdAt).toISOString(),
    lastModified: new Date(row.lastModified).toISOString(),
  };
}

/** A domain stripped of what audit need not keep twice (the owner's joined name and path). */
function auditData(row: CustomerDomainRow): Record<string, unknown> {
  const { organizationName: _name, organizationPath: _path, ...rest } = row;
  return rest;
}

/**
 * White-label domains (organizations CONTEXT.md, "Domains"): the system administrator manages
 * every domain, a reseller those of organizations in its slice of the tree (anyone else 403, a
 * domain outside the slice 404). `GetCurrentClientData` answers the branding of the domain a
 * request's host names, and the platform's own for any other host; sign-in asks `treeOfHost`.
 */
@injectable()
export class CustomerDomainsService {
  constructor(
    @inject(CustomerDomainsRepository) private readonly repo: CustomerDomainsRepository,
    @inject(OrganizationsRepository) private readonly organizations: OrganizationsRepository,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(UploadIntake) private readonly intake: UploadIntake,
    @inject(KeptFiles) private readonly files: KeptFiles,
    @inject(TYPES.Settings) private readonly settings: SettingsService,
  ) {}

  // ---- before sign-in ----

  /** The branding of the domain this host names; the platform's own (never another domain's) for any other host. */
  async clientData(host: string): Promise<ClientDataAnswer> {
    const row = host ? await this.repo.findByHost(host) : null;
    if (!row) {
      return {
        domain: host, organizationName: (await this.organizations.systemOrganization())?.name ?? 'Peyk',
        desktop: 'Default', loginTheme: 'Default', primaryColor: DEFAULT_PRIMARY_COLOR, secondaryColor: DEFAULT_SECONDARY_COLOR,
        agentLogo: null, enamad: null, isDefault: true, resellerLink: null, dashboardMode: 'Default', loginPageMode: 'Right', loginImages: [],
        lastModified: null, isSignUpEnabled: await this.systemSignUpEnabled(),
      };
    }
    const v = view(row);
    return {
      domain: host, organizationName: row.organizationName, desktop: v.desktop, loginTheme: v.loginTheme, primaryColor: v.primaryColor,
      secondaryColor: v.secondaryColor, agentLogo: v.agentLogo, enamad: v.enamad, isDefault: false, resellerLink: v.resellerLink,
      dashboardMode: v.dashboardMode, loginPageMode: v.loginPageMode, loginImages: v.loginImages.map((i) => i.url), lastModified: v.lastModified,
      isSignUpEnabled: row.isSignUpEnabled,
    };
  }

  /**
   * Where a self sign-up on this host lands: the domain's organization when its domain allows it,
   * the system organization when no domain names the host and the system setting allows it; null
   * when sign-up is closed here (identity CONTEXT.md, "Self sign-up").
   */
  async signUpParentOfHost(host: string): Promise<number | null> {
    const row = host ? await this.repo.findByHost(host) : null;
    if (row) return row.isSignUpEnabled ? row.organizationId : null;
    if (!(await this.systemSignUpEnabled())) return null;
    return (await this.organizations.systemOrganization())?.id ?? null;
  }

  private async systemSignUpEnabled(): Promise<boolean> {
    return (await this.settings.get('IsSignUpEnabled')).trim().toLowerCase() === 'true';
  }

  /**
   * The path of the tree a host's domain serves (its organization's), or null when no domain names
   * the host: sign-in on that host admits only users of organizations under it.
   */
  async treeOfHost(host: string): Promise<string | null> {
    return host ? (await this.repo.findByHost(host))?.organizationPath ?? null : null;
  }

  /** A logo or login image, to anyone (the login page shows them before sign-in); a key not the domain's own is 404. */
  async image(id: number, key: string): Promise<{ content: Buffer; contentType: string }> {
    const row = await this.repo.findVisible({ all: true }, id);
    if (!row || (row.agentLogoKey !== key && !row.loginImageKeys.includes(key))) throw notFound('customerDomain.imageNotFound');
    const content = await this.files.read(FOLDER, key);
    return { content, contentType: content[0] === 0x89 ? 'image/png' : 'image/jpeg' };
  }

  // ---- management ----

  async list(ctx: Actor, q: { pageIndex: number; pageSize: number; search?: string; organizationId?: number }) {
    const page = await this.repo.list(this.scopeOf(ctx), normalizeSearch(q));
    return { items: page.items.map(view), totalCount: page.totalCount };
  }

  async get(ctx: Actor, id: number) {
    return view(await this.found(ctx, id));
  }

  async create(ctx: Actor, body: SchemaType<typeof createCustomerDomainSchema>) {
    const scope = this.scopeOf(ctx);
    const organizationId = body.organizationId ?? ctx.tenant.organizationId;
    return this.hostRace(body, () => this.uow.run(async (tx) => {
      const owner = await this.organizations.findById(organizationId, tx);
      if (!owner || (!scope.all && !owner.path.startsWith(scope.path))) throw fieldError('organizationId', 'customerDomain.organizationNotFound');
      const values = await this.judge(tx, null, body);
      const id = await this.repo.insert(tx, {
        organizationId, desktop: 'Default', loginTheme: 'Default', dashboardMode: 'Default', loginPageMode: 'Right',
        primaryColor: DEFAULT_PRIMARY_COLOR, secondaryColor: DEFAULT_SECONDARY_COLOR, ...values, createdBy: ctx.principal.userId,
      });
      await this.repo.linkOrganization(tx, organizationId, id);
      const created = (await this.repo.findVisible({ all: true }, id, tx)) as CustomerDomainRow;
      await this.audit.record(tx, ctx, { operationType: 'Create', className: CLASS_NAME, referenceId: id, organizationId, newData: auditData(created) });
      return view(created);
    }));
  }

  async update(ctx: Actor, body: SchemaType<typeof updateCustomerDomainSchema>) {
    return this.hostRace(body, () => this.uow.run(async (tx) => {
      const old = await this.found(ctx, body.id, tx);
      await this.repo.lock(tx, old.id);
      await this.repo.update(tx, old.id, await this.judge(tx, old, body));
      const updated = (await this.repo.findVisible({ all: true }, old.id, tx)) as CustomerDomainRow;
      await this.audit.record(tx, ctx, { operationType: 'Update', className: CLASS_NAME, referenceId: old.id, organizationId: old.organizationId, oldData: auditData(old), newData: auditData(updated) });
      return view(updated);
    }));
  }

  /** Two writers taking the same host at once: the unique index stops the second, answered like the check in `judge`. */
  private async hostRace<T>(body: { resellerDomain?: string; resellerIdentityDomain?: string | null }, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const field = body.resellerDomain !== undefined ? 'resellerDomain' : 'resellerIdentityDomain';
      throw new AppError(409, 'customerDomain.hostTaken', {}, [{ propertyName: field, key: 'customerDomain.hostTaken' }]);
    }
  }

  async delete(ctx: Actor, id: number) {
    const removed = await this.uow.run(async (tx) => {
      const old = await this.found(ctx, id, tx);
      await this.repo.delete(tx, old.id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: CLASS_NAME, referenceId: old.id, organizationId: old.organizationId, oldData: auditData(old) });
      return old;
    });
    for (const key of [removed.agentLogoKey, ...removed.loginImageKeys]) if (key) await this.files.remove(FOLDER, key);
    return null;
  }

  /**
   * Stores a logo (replacing the one before) or adds a login image, through the shared upload
   * intake; who may is settled before a byte is read. The replaced file goes after the commit; on
   * any failure the new one goes, so nothing is stored half.
   */
  async uploadImage(ctx: Actor, q: { id: number; imageType: DomainImageType }, source: UploadSource) {
    const before = await this.found(ctx, q.id);
    if (q.imageType === 'LoginImage' && before.loginImageKeys.length >= MAX_LOGIN_IMAGES) throw badRequest('customerDomain.tooManyLoginImages', { max: MAX_LOGIN_IMAGES });
    const stored = await this.intake.receive(DOMAIN_IMAGE_KIND, source);
    return this.files.keepRecorded(FOLDER, stored, async (key) => {
      const { row, replaced } = await this.uow.run(async (tx) => {
        const old = await this.found(ctx, q.id, tx);
        await this.repo.lock(tx, old.id);
        let values: CustomerDomainValues;
        if (q.imageType === 'AgentLogo') values = { agentLogoKey: key };
        else {
          if (old.loginImageKeys.length >= MAX_LOGIN_IMAGES) throw badRequest('customerDomain.tooManyLoginImages', { max: MAX_LOGIN_IMAGES });
          values = { loginImageKeys: [...old.loginImageKeys, key] };
        }
        await this.repo.update(tx, old.id, values);
        const row = (await this.repo.findVisible({ all: true }, old.id, tx)) as CustomerDomainRow;
        await this.audit.record(tx, ctx, { operationType: 'UploadImage', className: CLASS_NAME, referenceId: old.id, organizationId: old.organizationId, oldData: auditData(old), newData: auditData(row) });
        return { row, replaced: q.imageType === 'AgentLogo' ? old.agentLogoKey : null };
      });
      return { result: view(row), replaced };
    });
  }

  async removeImage(ctx: Actor, id: number, key: string) {
    const { row, removed } = await this.uow.run(async (tx) => {
      const old = await this.found(ctx, id, tx);
      await this.repo.lock(tx, old.id);
      let values: CustomerDomainValues;
      if (old.agentLogoKey === key) values = { agentLogoKey: null };
      else if (old.loginImageKeys.includes(key)) values = { loginImageKeys: old.loginImageKeys.filter((k) => k !== key) };
      else throw fieldError('key', 'customerDomain.imageNotFound');
      await this.repo.update(tx, old.id, values);
      const row = (await this.repo.findVisible({ all: true }, old.id, tx)) as CustomerDomainRow;
      await this.audit.record(tx, ctx, { operationType: 'RemoveImage', className: CLASS_NAME, referenceId: old.id, organizationId: old.organizationId, oldData: auditData(old), newData: auditData(row) });
      return { row, removed: key };
    });
    await this.files.remove(FOLDER, removed);
    return view(row);
  }

  /** The system administrator: every domain; a reseller's administrator: its slice of the tree; anyone else 403. */
  private scopeOf(ctx: Actor): DomainScope {
    if (ctx.principal.scope === 'superAdmin') return { all: true };
    if (ctx.principal.scope === 'reseller' && ctx.tenant.subtree) return { all: false, path: ctx.tenant.path };
    throw forbidden('customerDomain.forbidden');
  }

  private async found(ctx: Actor, id: number, tx?: Tx): Promise<CustomerDomainRow> {
    const row = await this.repo.findVisible(this.scopeOf(ctx), id, tx);
    if (!row) throw notFound('customerDomain.notFound');
    return row;
  }

  /** The posted fields judged and normalized; host names unique across both host columns of every domain. */
  private async judge(tx: Tx, old: CustomerDomainRow | null, body: Record<string, unknown>): Promise<CustomerDomainValues> {
    const out: CustomerDomainValues = {};
    for (const f of ['desktop', 'loginTheme', 'dashboardMode', 'loginPageMode'] as const) if (body[f] !== undefined) (out as Record<string, unknown>)[f] = body[f];
    for (const f of ['primaryColor', 'secondaryColor'] as const) if (typeof body[f] === 'string') out[f] = normalizeColour(f, body[f] as string);
    for (const f of ['resellerLink', 'enamad'] as const) if (body[f] !== undefined) out[f] = normalizeLink(f, body[f] as string | null);
    if (typeof body.isSignUpEnabled === 'boolean') out.isSignUpEnabled = body.isSignUpEnabled;
    if (typeof body.resellerDomain === 'string') out.resellerDomain = normalizeHost('resellerDomain', body.resellerDomain);
    if (body.resellerIdentityDomain !== undefined) {
      const given = typeof body.resellerIdentityDomain === 'string' ? body.resellerIdentityDomain.trim() : '';
      out.resellerIdentityDomain = given === '' ? null : normalizeHost('resellerIdentityDomain', given);
    }
    const main = out.resellerDomain ?? old?.resellerDomain;
    const identity = out.resellerIdentityDomain !== undefined ? out.resellerIdentityDomain : old?.resellerIdentityDomain ?? null;
    if (identity && identity === main) throw fieldError('resellerIdentityDomain', 'customerDomain.sameHosts');
    for (const f of ['resellerDomain', 'resellerIdentityDomain'] as const) {
      const host = out[f];
      if (host && await this.repo.hostTaken(tx, host, old?.id ?? null)) throw new AppError(409, 'customerDomain.hostTaken', {}, [{ propertyName: f, key: 'customerDomain.hostTaken' }]);
    }
    return out;
  }
}
