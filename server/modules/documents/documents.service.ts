import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { UnitOfWork } from '../../platform/unit-of-work.js';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';
import { UploadIntake, type UploadKind, type UploadSource } from '../../platform/upload/upload-intake.service.js';
import { imageUploadKind } from '../../platform/upload/image-upload.js';
import { KeptFiles } from '../../platform/upload/kept-files.js';
import { AuditService } from '../audit/index.js';
import { authenticationRequired, OrganizationsService } from '../organizations/index.js';
import { UsersService } from '../identity/index.js';
import { ApprovalsService, isApprovalManager, managerOwnerFilter, type ApprovalPatch, type ApprovalWorkflow } from '../approvals/index.js';
import {
  ORGANIZATION_DOCUMENT_MAX_BYTES, USER_DOCUMENT_MAX_BYTES,
  type DocumentStatus, type OrganizationDocumentType, type UserDocumentType,
} from '../../shared/documents/documents.answers.js';
import { DocumentsRepository, type DocumentOwner, type DocumentRow } from './documents.repository.js';

const CLASS_NAME = 'IdentityDocument';
/** The kept-files folder of every document. */
const FOLDER = 'identity-documents';
/** A scan or a phone photo of a card is far below this; a header claiming more is a decompression bomb. */
const PIXELS = { maxWidth: 10_000, maxHeight: 10_000, maxPixels: 40_000_000 };

/** The spec's limits are in KB (200 KB) and MB (1 MB): the refusal names the limit in KB. */
function documentKind(name: string, maxBytes: number): UploadKind {
  return {
    ...imageUploadKind(name, { maxBytes, ...PIXELS }),
    tooLarge: (max) => {
      const params = { max: Math.round(max / 1024) };
      return new AppError(413, 'documents.tooLarge', params, [{ propertyName: 'file', key: 'documents.tooLarge', params }]);
    },
  };
}

export const ORGANIZATION_DOCUMENT_KIND = documentKind('organization-document', ORGANIZATION_DOCUMENT_MAX_BYTES);
export const USER_DOCUMENT_KIND = documentKind('user-document', USER_DOCUMENT_MAX_BYTES);

/** A row as answered: the file's storage key stays inside. */
function view(row: DocumentRow) {
  const { fileKey: _key, ...rest } = row;
  return rest;
}

/** The workflow's reject reason is the document's `description` (the spec's name). */
function columns(patch: ApprovalPatch<DocumentStatus>): Partial<DocumentRow> {
  const { rejectReason, confirmedAbove: _above, status, ...rest } = patch;
  const out: Partial<DocumentRow> = { ...rest, documentStatus: status };
  if (rejectReason !== undefined) out.description = rejectReason;
  return out;
}

/**
 * Identity documents (KYC): an organization's (by its administrators) and a user's own, each an
 * image through the shared upload intake, kept under the data dir, decided from above through the
 * shared approval workflow (NotCheckedYet → Accepted / NotAccepted with a description). A new
 * upload of a type replaces the file and sends it back to NotCheckedYet, and takes the owner's
 * `isAuthenticated` away (spec: editing authentication deactivates it; an administrator above
 * approves again from the review page or the owner's form, through the owner's own Update call).
 */
@injectable()
export class DocumentsService {
  private readonly approval: ApprovalWorkflow<DocumentStatus, DocumentRow & { status: DocumentStatus }>;

  constructor(
    @inject(DocumentsRepository) private readonly repo: DocumentsRepository,
    @inject(UploadIntake) private readonly intake: UploadIntake,
    @inject(KeptFiles) private readonly files: KeptFiles,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(UsersService) private readonly users: UsersService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(ApprovalsService) approvals: ApprovalsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {
    // The workflow reads `status`; the row's column is the spec's `documentStatus`.
    const withStatus = (row: DocumentRow) => ({ ...row, status: row.documentStatus });
    this.approval = approvals.register<DocumentStatus, DocumentRow & { status: DocumentStatus }>({
      className: CLASS_NAME,
      statuses: { waiting: 'NotCheckedYet', confirmed: 'Accepted', rejected: 'NotAccepted' },
      messages: { notFound: 'documents.notFound', decideForbidden: 'documents.decideForbidden', notConfirmed: 'documents.notConfirmed' },
      lastModified: true,
      rejectReason: true,
      find: async (ctx, id, tx) => {
        const row = await this.repo.findVisible(ctx.tenant, managerOwnerFilter(ctx), id, tx);
        return row && { row: withStatus(row), organizationId: row.organizationId };
      },
      write: async (tx, id, patch) => withStatus(await this.repo.update(tx, id, columns(patch))),
      // No delete route: a document is replaced, never removed on its own (the owner's deletion cascades).
      remove: async (tx, row) => this.repo.delete(tx, row.id),
    });
  }

  // ---- owners ----

  /** An organization's documents are its administrators' (and those above): a plain user is refused, an unseen organization is 404. */
  private async organizationOwner(ctx: Actor, organizationId: number | undefined): Promise<DocumentOwner> {
    const id = organizationId ?? ctx.principal.organizationId;
    if (!(await this.organizations.findVisible(ctx.tenant, id))) throw notFound('documents.ownerNotFound');
    if (!isApprovalManager(ctx)) throw forbidden('documents.forbidden');
    return { organizationId: id, userId: null };
  }

  /** A user's own documents, or (for an administrator) a user of their slice; anyone else 404. */
  private async userOwner(ctx: Actor, userId: number | undefined): Promise<DocumentOwner> {
    if (userId === undefined || userId === ctx.principal.userId) return { organizationId: ctx.principal.organizationId, userId: ctx.principal.userId };
    if (!isApprovalManager(ctx)) throw notFound('documents.ownerNotFound');
    const user = await this.users.get(ctx, userId).catch(() => null);
    if (!user) throw notFound('documents.ownerNotFound');
    return { organizationId: Number(user.organizationId), userId };
  }

  // ---- API ----

  async organizationDocuments(ctx: Actor, organizationId?: number) {
    return (await this.repo.listOf(await this.organizationOwner(ctx, organizationId))).map(view);
  }

  /** The organization's authentication and whether an organization above holds its sends until then (its documents page). */
  async organizationAuthentication(ctx: Actor, organizationId?: number) {
    const owner = await this.organizationOwner(ctx, organizationId);
    const chain = await this.organizations.chainOf(owner.organizationId);
    return { isAuthenticated: chain[chain.length - 1]?.isAuthenticated === true, isRequiredToSend: authenticationRequired(chain) };
  }

  async userDocuments(ctx: Actor, userId?: number) {
    return (await this.repo.listOf(await this.userOwner(ctx, userId))).map(view);
  }

  async uploadOrganizationDocument(ctx: Actor, q: { organizationId?: number; documentType: OrganizationDocumentType }, source: UploadSource) {
    // Who may upload is settled before a byte is read.
    const owner = await this.organizationOwner(ctx, q.organizationId);
    return this.upload(ctx, owner, q.documentType, ORGANIZATION_DOCUMENT_KIND, source);
  }

  async uploadUserDocument(ctx: Actor, q: { documentType: UserDocumentType }, source: UploadSource) {
    return this.upload(ctx, await this.userOwner(ctx, undefined), q.documentType, USER_DOCUMENT_KIND, source);
  }

  /**
   * Stores the image, then in one transaction replaces (or adds) the owner's row of this type,
   * waiting again with no description, and takes the owner's authentication away. The replaced
   * file goes after the commit; on any failure the new one goes.
   */
  private async upload(ctx: Actor, owner: DocumentOwner, documentType: string, kind: UploadKind, source: UploadSource) {
    const stored = await this.intake.receive(kind, source);
    return this.files.keepRecorded(FOLDER, stored, async (key) => {
      const { row, replaced } = await this.uow.run(async (tx) => {
        const old = await this.repo.findOfType(tx, owner, documentType);
        const values = {
          fileKey: key, fileName: stored.fileName, contentType: stored.detectedType === 'png' ? 'image/png' : 'image/jpeg', size: stored.size,
          uploadedByUserId: ctx.principal.userId, documentStatus: 'NotCheckedYet' as const, description: null, decidedByUserId: null, decidedAt: null,
          lastModified: this.clock.now(),
        };
        const row = old ? await this.repo.update(tx, old.id, values) : await this.repo.insert(tx, { ...owner, documentType, ...values });
        if (owner.userId === null) await this.organizations.revokeAuthentication(tx, owner.organizationId);
        else await this.users.revokeAuthentication(tx, owner.userId);
        await this.audit.record(tx, ctx, {
          operationType: old ? 'Update' : 'Create', className: CLASS_NAME, referenceId: row.id, organizationId: owner.organizationId,
          oldData: old ? view(old) : undefined, newData: view(row),
        });
        return { row, replaced: old?.fileKey ?? null };
      });
      return { result: view(row), replaced };
    });
  }

  /** The image, to whoever may see the row (its user, the administrators of its slice); anyone else 404. */
  async file(ctx: Actor, id: number): Promise<{ content: Buffer; contentType: string; fileName: string | null }> {
    const row = await this.repo.findVisible(ctx.tenant, managerOwnerFilter(ctx), id);
    if (!row) throw notFound('documents.notFound');
    return { content: await this.files.read(FOLDER, row.fileKey), contentType: row.contentType, fileName: row.fileName };
  }

  /** The review list of an administrator: documents of the organizations below (the system administrator: all). */
  async review(ctx: Actor, q: { documentStatus?: DocumentStatus; pageIndex?: number; pageSize?: number }) {
    if (!isApprovalManager(ctx)) throw forbidden('documents.decideForbidden');
    const page = await this.repo.review(ctx.tenant, {
      documentStatus: q.documentStatus, pageIndex: q.pageIndex ?? 0, pageSize: q.pageSize ?? 20,
      exceptOrganizationId: ctx.principal.scope === 'superAdmin' ? null : ctx.principal.organizationId,
    });
    return { items: page.items.map((r) => view(r)), totalCount: page.totalCount };
  }

  /** Above the owner's organization: the system administrator, or an administrator of an ancestor (an organization never accepts its own). */
  private above(ctx: Actor, organizationId: number): boolean {
    return ctx.principal.scope === 'superAdmin' || (isApprovalManager(ctx) && ctx.principal.organizationId !== organizationId);
  }

  /** Accept, reject with a description, or undo an acceptance: 404 for a document the caller cannot see, then 403 unless above. */
  async decide(ctx: Actor, id: number, decision: 'Confirm' | 'Reject' | 'UndoConfirm', description: string | null = null) {
    const { row } = await this.uow.run((tx) => this.approval.found(ctx, id, tx));
    if (!this.above(ctx, row.organizationId)) throw forbidden('documents.decideForbidden');
    const { status: _status, ...decided } = await this.approval.decide(ctx, id, decision, description);
    return view(decided);
  }
}
