import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import type { Culture, Translator } from '../../platform/i18n.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import type { SchemaType } from '../../platform/http/router.js';
import { fileTooLarge, UploadIntake, type UploadKind, type UploadSource } from '../../platform/upload/upload-intake.service.js';
import { normalizeIranMobile } from '../../shared/sms/phone-numbers.js';
import { SheetError, sheetFormatOf } from '../contacts/index.js';
import { NumberBankRepository, type BankNumberRow, type CountFilter } from './number-bank.repository.js';
import { ZonesRepository, ZONE_TYPES, type ZoneRow } from './zones.repository.js';
import { NumberBankImporter } from './number-bank.worker.js';
import { publicBankImport } from './number-bank.files.js';
import { genderCode, GENDER_TYPES, operatorCode, operatorName, simCode, SIM_TYPES } from './number-bank.rows.js';
import type { bankCountSchema, bankImportsQuery, bankNumbersQuery, importBankQuery, zonesQuery } from './number-bank.schemas.js';

/** The largest bank file taken: ten million rows of a dozen short columns is about 700 MB as CSV. */
export const BANK_MAX_BYTES = 1024 * 1024 * 1024;
/** Rejected rows shown with an import (all are counted; KEPT_REJECTS are stored). */
const SHOWN_REJECTS = 200;

/** A bank file, stored under the data dir by the upload intake until its import ends. */
export const BANK_UPLOAD: UploadKind = {
  name: 'number-bank',
  maxBytes: BANK_MAX_BYTES,
  tooLarge: fileTooLarge('targeting.import.fileTooLarge'),
  empty: () => fieldError('file', 'targeting.import.empty'),
};

const isSystemAdmin = (ctx: Actor) => ctx.principal.scope === 'superAdmin';

/**
 * The number bank: imports by a system administrator (upload → queued job, see the worker), the
 * administrators' listing, the zone tree with counts, and the one customer-facing call, counts per
 * operator for filters. No call but the administrators' listing answers a number.
 */
@injectable()
export class NumberBankService {
  constructor(
    @inject(NumberBankRepository) private readonly repo: NumberBankRepository,
    @inject(ZonesRepository) private readonly zones: ZonesRepository,
    @inject(NumberBankImporter) private readonly importer: NumberBankImporter,
    @inject(UploadIntake) private readonly intake: UploadIntake,
    @inject(TYPES.Translator) private readonly translator: Translator,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  private t(culture: Culture) {
    return (key: string, params?: Record<string, unknown>) => this.translator.t(culture, key, params);
  }

  /** The bank's numbers and imports are the system administrators' only: anyone else is refused (403), never shown a number. */
  private admin(ctx: Actor): void {
    if (!isSystemAdmin(ctx)) throw forbidden('targeting.adminOnly');
  }

  async upload(ctx: Actor, source: UploadSource, query: SchemaType<typeof importBankQuery>) {
    this.admin(ctx);
    const stored = await this.intake.receive(BANK_UPLOAD, source);
    let format;
    try {
      format = sheetFormatOf(stored.head);
    } catch (err) {
      await this.intake.discard(stored);
      if (err instanceof SheetError) throw fieldError('file', err.key, err.params);
      throw err;
    }
    const id = await this.repo.insertImport({
      userId: ctx.principal.userId, organizationId: ctx.principal.organizationId, fileName: (query.fileName?.trim() || source.fileName?.trim() || 'numbers').slice(0, 200),
      filePath: stored.path, format: format.format, encoding: format.encoding, delimiter: format.delimiter, sizeBytes: stored.size,
    }, this.clock.now());
    await this.importer.enqueue(id);
    return publicBankImport((await this.repo.findImport(id))!, this.t(ctx.culture));
  }

  async imports(ctx: Actor, query: SchemaType<typeof bankImportsQuery>) {
    this.admin(ctx);
    const page = await this.repo.imports({ pageIndex: query.pageIndex ?? 0, pageSize: query.pageSize ?? 20 });
    const t = this.t(ctx.culture);
    return { items: page.items.map((r) => publicBankImport(r, t)), totalCount: page.totalCount };
  }

  async importOf(ctx: Actor, id: number) {
    this.admin(ctx);
    const row = await this.repo.findImport(id);
    if (!row) throw notFound('targeting.import.notFound');
    const t = this.t(ctx.culture);
    const rejects = await this.repo.rejects(id, SHOWN_REJECTS);
    return { ...publicBankImport(row, t), rejects: rejects.map((r) => ({ rowNumber: r.rowNumber, propertyName: r.propertyName, reason: t(r.reason), value: r.value ?? null })) };
  }

  async numbers(ctx: Actor, query: SchemaType<typeof bankNumbersQuery>) {
    this.admin(ctx);
    let mobile: string | null = null;
    if (query.mobile !== undefined && query.mobile.trim() !== '') {
      mobile = normalizeIranMobile(query.mobile);
      // Only a whole number is searched: a prefix would read ten million rows.
      if (!mobile) throw fieldError('mobile', 'targeting.mobileInvalid');
    }
    let zoneColumn: 'provinceId' | 'cityId' | 'areaId' | null = null;
    if (query.zoneId !== undefined) {
      const [zone] = await this.zones.find([query.zoneId]);
      if (!zone) throw fieldError('zoneId', 'targeting.zoneNotFound');
      zoneColumn = zone.zoneType === 1 ? 'provinceId' : zone.zoneType === 2 ? 'cityId' : zone.zoneType === 3 ? 'areaId' : null;
    }
    const page = await this.repo.page({ mobile, zoneColumn, zoneId: query.zoneId ?? null }, { pageIndex: query.pageIndex ?? 0, pageSize: query.pageSize ?? 20 });
    return { items: page.items.map(publicNumber), totalCount: page.totalCount };
  }

  /** Every zone with its reachable counts per operator (the tree is built by the reader from parentId). */
  async zoneTree() {
    return { items: (await this.zones.all()).map(publicZone) };
  }

  /** One zone with its counts. */
  async zone(id: number) {
    const [zone] = await this.zones.find([id]);
    if (!zone) throw notFound('targeting.zoneNotFound');
    return publicZone(zone);
  }

  /** The zones under one zone (none given: the roots) with their counts: a tree opened level by level. */
  async zonesUnder(query: SchemaType<typeof zonesQuery>) {
    return { items: (await this.zones.children(query.parentId ?? null)).map(publicZone) };
  }

  /**
   * Every zone recounted from the bank in one transaction (a bank loaded outside the import, as the
   * benchmark's; or counts to be trusted again after manual repair). Answers the zones recounted.
   */
  async recountAllZones(): Promise<number> {
    const now = this.clock.now();
    return this.uow.run(async (tx) => {
      await this.zones.markStale(tx, (await this.zones.all()).map((z) => z.id));
      return this.zones.recountStale(tx, now);
    });
  }

  /**
   * Counts per operator of reachable (not blacklisted) numbers for the filters; never a number.
   * Zones (and operators) alone are answered from the zones' kept counts; any other filter counts
   * the bank live through its partial indexes.
   */
  async count(_ctx: Actor, body: SchemaType<typeof bankCountSchema>) {
    const { filter, found, wholeCountry } = await this.filterOf(body);
    const zonesOnly = filter.zipCodePrefix === null && filter.guildName === null && filter.subGuildName === null && filter.genderType === null && filter.simType === null;
    // Zones alone (of one type, so none holds another): their kept counts answer, as the zone tree shows them.
    if (zonesOnly && (found.length === 0 || wholeCountry || new Set(found.map((z) => z.zoneType)).size === 1)) {
      const from = found.length === 0 || wholeCountry ? (await this.zones.children(null)) : found;
      const wanted = new Set(filter.operators.length > 0 ? filter.operators : [1, 2, 3, 4]);
      const sum = (code: number, pick: (z: ZoneRow) => number) => (wanted.has(code) ? from.reduce((n, z) => n + pick(z), 0) : 0);
      const kept = { mciCount: sum(1, (z) => z.mciCount), mtnCount: sum(2, (z) => z.mtnCount), rightelCount: sum(3, (z) => z.rightelCount), otherCount: sum(4, (z) => z.otherCount) };
      return { ...kept, totalCount: kept.mciCount + kept.mtnCount + kept.rightelCount + kept.otherCount };
    }
    const counts = await this.repo.countByOperator(filter);
    const c = (code: number) => counts.get(code) ?? 0;
    return { mciCount: c(1), mtnCount: c(2), rightelCount: c(3), otherCount: c(4), totalCount: c(1) + c(2) + c(3) + c(4) };
  }

  /** The filters of a count or a regional send; an unknown zone answers on zoneIds. */
  async filterOf(body: FilterBody): Promise<{ filter: CountFilter; found: ZoneRow[]; wholeCountry: boolean }> {
    const zoneIds = body.zoneIds ?? [];
    const found = await this.zones.find(zoneIds);
    const missing = zoneIds.filter((z) => !found.some((f) => f.id === z));
    if (missing.length > 0) throw fieldError('zoneIds', 'targeting.zoneNotFound');
    const wholeCountry = found.some((z) => z.zoneType === 0);
    const of = (type: number) => (wholeCountry ? [] : found.filter((z) => z.zoneType === type).map((z) => z.id));
    const filter: CountFilter = {
      provinceIds: of(1), cityIds: of(2), areaIds: of(3),
      zipCodePrefix: body.zipCodePrefix ?? null, guildName: body.guildName?.trim() || null, subGuildName: body.subGuildName?.trim() || null,
      operators: (body.mobileOperators ?? []).map(operatorCode),
      genderType: body.genderType && body.genderType !== 'All' ? genderCode(body.genderType) : null,
      simType: body.simType && body.simType !== 'All' ? simCode(body.simType) : null,
    };
    return { filter, found, wholeCountry };
  }
}

/** The customer's filters as the bank reads them (zone ids by type; none when the country is among them). */
export type FilterBody = Pick<SchemaType<typeof bankCountSchema>, 'zoneIds' | 'zipCodePrefix' | 'guildName' | 'subGuildName' | 'mobileOperators' | 'genderType' | 'simType'>;

function publicNumber(r: BankNumberRow) {
  return {
    id: r.id, mobile: r.mobile, genderType: GENDER_TYPES[r.genderType] ?? 'All', stateName: r.stateName, cityName: r.cityName, areaName: r.areaName,
    guildName: r.guildName, subGuildName: r.subGuildName, zipCode: r.zipCode, isBlackList: r.isBlackList, isBlackListLocal: r.isBlackListLocal,
    mobileOperator: operatorName(r.mobileOperator), simType: SIM_TYPES[r.simType] ?? 'All', lastModified: r.lastModified.toISOString(),
  };
}

function publicZone(z: ZoneRow) {
  return {
    id: z.id, zoneType: ZONE_TYPES[z.zoneType] ?? 'Area', parentId: z.parentId, name: z.name,
    mciCount: z.mciCount, mtnCount: z.mtnCount, rightelCount: z.rightelCount, otherCount: z.otherCount,
    totalCount: z.mciCount + z.mtnCount + z.rightelCount + z.otherCount,
  };
}
