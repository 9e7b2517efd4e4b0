import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import { isUniqueViolation, type UnitOfWork } from '../../../platform/unit-of-work.js';
import type { Actor } from '../../../platform/actor.js';
import type { Clock } from '../../../platform/clock.js';
import type { Logger } from '../../../platform/logger.js';
import { AppError, fieldError, notFound, type ValidationIssue } from '../../../platform/http/errors.js';
import { normalizeSearch } from '../../../platform/http/search.js';
import type { SchemaType } from '../../../platform/http/router.js';
import { UploadIntake, type UploadSource } from '../../../platform/upload/upload-intake.service.js';
import { imageUploadKind } from '../../../platform/upload/image-upload.js';
import { KeptFiles } from '../../../platform/upload/kept-files.js';
import { dayNumber, dayString } from '../../../shared/dates/calendar-days.js';
import { tehranDayOf } from '../../../shared/dates/tehran-days.js';
import {
  LANDING_IMAGE_MAX_BYTES, landingImagePath,
  type LandingAddressAnswer, type LandingBlock, type LandingImageAnswer, type LandingPageAnswer, type LandingPageListItem,
  type LandingVisitsAnswer, type PublicLandingBlock, type PublicLandingPageAnswer,
} from '../../../shared/engage/landing-pages.answers.js';
import { AuditService } from '../../audit/index.js';
import { LandingPagesRepository, type LandingPageRow, type LandingPageValues } from './landing-pages.repository.js';
import type { createLandingPageSchema, publishLandingPageSchema } from './landing-pages.schemas.js';
import { FormsRepository } from '../forms/forms.repository.js';

const CLASS_NAME = 'LandingPage';
const FOLDER = 'landing-page-images';
/** png/jpeg from the bytes, 2 MB; a header claiming more pixels than a phone photo is a bomb, not an image. */
export const LANDING_IMAGE_KIND = imageUploadKind('landing-image', { maxBytes: LANDING_IMAGE_MAX_BYTES, maxWidth: 8_000, maxHeight: 8_000, maxPixels: 40_000_000 });

type PageInput = SchemaType<typeof createLandingPageSchema>;

const publicPathOf = (row: LandingPageRow) => (row.organizationName ? `/landing-page/${row.organizationName}/${row.slug}` : null);

function listItem(row: LandingPageRow): LandingPageListItem {
  return {
    id: row.id, organizationId: row.organizationId, userId: row.userId, title: row.title, slug: row.slug, language: row.language,
    theme: row.theme, isPublished: row.isPublished, publishedAt: row.publishedAt ? new Date(row.publishedAt).toISOString() : null,
    organizationName: row.organizationName, publicPath: publicPathOf(row), blockCount: row.blocks.length,
    createdAt: new Date(row.createdAt).toISOString(), updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

const detail = (row: LandingPageRow): LandingPageAnswer => ({ ...listItem(row), blocks: row.blocks });

/**
 * Landing pages (engage CONTEXT.md, "Landing pages"): built in the panel (claim Services.Use,
 * tenant scoped: a page of another tree answers as a missing one), published under the
 * organization's public name, read without sign-in. A public read answers only published pages
 * of live, active organizations; anything else is the same 404, which the client keeps silent.
 */
@injectable()
export class LandingPagesService {
  constructor(
    @inject(LandingPagesRepository) private readonly repo: LandingPagesRepository,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(UploadIntake) private readonly intake: UploadIntake,
    @inject(KeptFiles) private readonly files: KeptFiles,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(FormsRepository) private readonly forms: FormsRepository,
  ) {}

  async list(ctx: Actor, q: { pageIndex: number; pageSize: number; search?: string }) {
    const page = await this.repo.list(ctx.tenant, normalizeSearch(q));
    return { items: page.items.map(listItem), totalCount: page.totalCount };
  }

  async get(ctx: Actor, id: number): Promise<LandingPageAnswer> {
    return detail(await this.found(ctx, id));
  }

  /** A new page belongs to the active organization (c-org-id), unpublished. */
  async create(ctx: Actor, body: PageInput): Promise<LandingPageAnswer> {
    const organizationId = ctx.tenant.organizationId;
    const values = await this.judge(organizationId, body);
    return this.slugRace(() => this.uow.run(async (tx) => {
      const id = await this.repo.insert(tx, { organizationId, userId: ctx.principal.userId }, values);
      const row = (await this.repo.visible(ctx.tenant, id, tx)) as LandingPageRow;
      await this.audit.record(tx, ctx, { operationType: 'Create', className: CLASS_NAME, referenceId: id, organizationId, newData: { ...values } });
      return detail(row);
    }));
  }

  async update(ctx: Actor, id: number, body: PageInput): Promise<LandingPageAnswer> {
    const before = await this.found(ctx, id);
    const values = await this.judge(before.organizationId, body);
    return this.slugRace(() => this.uow.run(async (tx) => {
      await this.repo.lock(tx, id);
      const old = await this.found(ctx, id, tx);
      await this.repo.update(tx, id, values);
      const row = (await this.repo.visible(ctx.tenant, id, tx)) as LandingPageRow;
      await this.audit.record(tx, ctx, { operationType: 'Update', className: CLASS_NAME, referenceId: id, organizationId: old.organizationId, oldData: pageData(old), newData: { ...values } });
      return detail(row);
    }));
  }

  /** Publish or withdraw. Publishing needs the organization's public name: the page has no address without it. */
  async publish(ctx: Actor, body: SchemaType<typeof publishLandingPageSchema>): Promise<LandingPageAnswer> {
    return this.uow.run(async (tx) => {
      await this.repo.lock(tx, body.id);
      const old = await this.found(ctx, body.id, tx);
      if (body.isPublished && !old.organizationName) throw fieldError('isPublished', 'landingPages.addressRequired');
      if (old.isPublished !== body.isPublished) {
        await this.repo.update(tx, old.id, { isPublished: body.isPublished, publishedAt: body.isPublished ? this.clock.now() : old.publishedAt });
        await this.audit.record(tx, ctx, { operationType: body.isPublished ? 'Publish' : 'Unpublish', className: CLASS_NAME, referenceId: old.id, organizationId: old.organizationId, newData: { isPublished: body.isPublished } });
      }
      return detail((await this.repo.visible(ctx.tenant, old.id, tx)) as LandingPageRow);
    });
  }

  async delete(ctx: Actor, id: number): Promise<{ id: number }> {
    return this.uow.run(async (tx) => {
      await this.repo.lock(tx, id);
      const old = await this.found(ctx, id, tx);
      await this.repo.softDelete(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: CLASS_NAME, referenceId: id, organizationId: old.organizationId, oldData: pageData(old) });
      return { id };
    });
  }

  /** The active organization's public name (null before it chose one). */
  async address(ctx: Actor): Promise<LandingAddressAnswer> {
    return { organizationId: ctx.tenant.organizationId, organizationName: await this.repo.siteOf(ctx.tenant.organizationId) };
  }

  /** Sets (or changes) the active organization's public name; a name another organization holds is refused on its field. */
  async setAddress(ctx: Actor, organizationName: string): Promise<LandingAddressAnswer> {
    const organizationId = ctx.tenant.organizationId;
    const name = organizationName.toLowerCase();
    try {
      await this.uow.run(async (tx) => {
        const old = await this.repo.siteOf(organizationId, tx);
        await this.repo.setSite(tx, organizationId, name);
        await this.audit.record(tx, ctx, { operationType: 'SetAddress', className: 'LandingPageSite', referenceId: organizationId, organizationId, oldData: { organizationName: old }, newData: { organizationName: name } });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('organizationName', 'landingPages.addressTaken');
      throw err;
    }
    return { organizationId, organizationName: name };
  }

  /** An image for the active organization's pages, through the shared upload intake; a block names it by key. */
  async uploadImage(ctx: Actor, source: UploadSource): Promise<LandingImageAnswer> {
    const stored = await this.intake.receive(LANDING_IMAGE_KIND, source);
    const size = stored.image ?? { width: 0, height: 0 };
    return this.files.keepRecorded(FOLDER, stored, async (key) => {
      await this.uow.run(async (tx) => {
        await this.repo.insertImage(tx, { key, organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId, width: size.width, height: size.height, sizeBytes: stored.size });
        await this.audit.record(tx, ctx, { operationType: 'UploadImage', className: CLASS_NAME, referenceId: null, organizationId: ctx.tenant.organizationId, newData: { key, fileName: stored.fileName } });
      });
      return { result: { key, url: landingImagePath(key), width: size.width, height: size.height }, replaced: null };
    });
  }

  /** Visits per Tehran day, the last `days` days up to today, zero-filled. */
  async visits(ctx: Actor, id: number, days: number): Promise<LandingVisitsAnswer> {
    const page = await this.found(ctx, id);
    const today = dayNumber(tehranDayOf(this.clock.now()));
    const from = dayString(today - days + 1);
    const counted = new Map((await this.repo.visits(page.id, from)).map((v) => [v.day, v.visits]));
    const out = Array.from({ length: days }, (_, i) => {
      const day = dayString(today - days + 1 + i);
      return { day, visits: counted.get(day) ?? 0 };
    });
    return { days: out, total: out.reduce((sum, d) => sum + d.visits, 0) };
  }

  // ---- public ----

  /** The published page (by slug, or the organization's oldest published one); a visit counted. */
  async publicPage(organizationName: string, slug: string | null): Promise<PublicLandingPageAnswer> {
    // Names and slugs are at most 50 characters: a longer one names nothing (and costs no query).
    const row = organizationName.length <= 50 && (slug === null || slug.length <= 50) ? await this.repo.published(organizationName, slug) : null;
    if (!row) throw notFound('landingPages.pageNotFound');
    try {
      await this.repo.countVisit(row.id, tehranDayOf(this.clock.now()));
    } catch (err) {
      // A lost count must not cost the visitor the page (the page read itself succeeded).
      this.logger.warn({ err, landingPageId: row.id }, 'landing page visit not counted');
    }
    return {
      title: row.title, language: row.language, theme: row.theme, organizationName: row.organizationName as string, slug: row.slug,
      blocks: row.blocks.map((b): PublicLandingBlock => (b.type === 'image' ? { ...b, url: landingImagePath(b.imageKey) } : b)),
    };
  }

  async publicImage(key: string): Promise<{ content: Buffer; contentType: string }> {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw notFound('landingPages.imageNotFound');
    const image = await this.repo.publishedImage(key);
    if (!image) throw notFound('landingPages.imageNotFound');
    const content = await this.files.read(FOLDER, image.key);
    return { content, contentType: content[0] === 0x89 ? 'image/png' : 'image/jpeg' };
  }

  // ---- helpers ----

  private async found(ctx: Actor, id: number, tx?: Parameters<LandingPagesRepository['visible']>[2]): Promise<LandingPageRow> {
    const row = await this.repo.visible(ctx.tenant, id, tx);
    if (!row) throw notFound('landingPages.notFound');
    return row;
  }

  /** Every problem of the page at once, each on its field (`blocks[3].url`), fa and en. */
  private async judge(organizationId: number, body: PageInput): Promise<LandingPageValues> {
    const issues: ValidationIssue[] = [];
    const title = body.title.trim();
    if (!title) issues.push({ propertyName: 'title', key: 'landingPages.titleRequired' });
    const blocks: LandingBlock[] = [];
    const imageKeys: { index: number; key: string }[] = [];
    const formIds: { index: number; id: number }[] = [];
    // The route's schema checked each block against its type's branch (if/then); json-schema-to-ts
    // cannot narrow if/then, so the validated list is named by its hand-written union here.
    (body.blocks as unknown as LandingBlock[]).forEach((block, i) => {
      const at = (field: string) => `blocks[${i}].${field}`;
      switch (block.type) {
        case 'heading':
        case 'text': {
          const text = block.text.trim();
          if (!text) issues.push({ propertyName: at('text'), key: 'landingPages.textRequired' });
          blocks.push({ ...block, text });
          break;
        }
        case 'button': {
          const label = block.label.trim();
          if (!label) issues.push({ propertyName: at('label'), key: 'landingPages.labelRequired' });
          const url = block.url.trim();
          if (!isWebAddress(url)) issues.push({ propertyName: at('url'), key: 'landingPages.urlInvalid' });
          blocks.push({ type: 'button', label, url });
          break;
        }
        case 'form': {
          const label = block.label.trim();
          if (!label) issues.push({ propertyName: at('label'), key: 'landingPages.labelRequired' });
          formIds.push({ index: i, id: block.formId });
          blocks.push({ type: 'form', formId: block.formId, label });
          break;
        }
        case 'image': {
          const key = block.imageKey.toLowerCase();
          imageKeys.push({ index: i, key });
          blocks.push({ type: 'image', imageKey: key, alt: (block.alt ?? '').trim() });
          break;
        }
      }
    });
    // A form block opens a form of the page's own organization (a deleted or foreign one would be a dead button).
    const forms = await this.forms.idsOfOrganization(organizationId, [...new Set(formIds.map((f) => f.id))]);
    for (const f of formIds) if (!forms.has(f.id)) issues.push({ propertyName: `blocks[${f.index}].formId`, key: 'landingPages.formUnknown' });
    const owned = await this.repo.imageKeysOf(organizationId, [...new Set(imageKeys.map((k) => k.key))]);
    for (const k of imageKeys) if (!owned.has(k.key)) issues.push({ propertyName: `blocks[${k.index}].imageKey`, key: 'landingPages.imageUnknown' });
    if (issues.length) throw new AppError(400, 'status.400', {}, issues);
    return { title, slug: body.slug.toLowerCase(), language: body.language as LandingPageValues['language'], theme: body.theme as LandingPageValues['theme'], blocks };
  }

  private async slugRace<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('slug', 'landingPages.slugTaken');
      throw err;
    }
  }
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function pageData(row: LandingPageRow): Record<string, unknown> {
  const { organizationName: _name, ...rest } = row;
  return rest;
}
