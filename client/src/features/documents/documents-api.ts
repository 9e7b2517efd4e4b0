import { ApiError, type ApiClient } from '../../shared/api/api-client';
import type { ApprovalStatus } from '../../shared/ui/approvals/approvals';
import type { DocumentStatus, DocumentView, OrganizationAuthentication } from '../../../../server/shared/documents/documents.answers';

export type { DocumentView } from '../../../../server/shared/documents/documents.answers';
export { ORGANIZATION_DOCUMENT_TYPES, USER_DOCUMENT_TYPES } from '../../../../server/shared/documents/documents.answers';

/** The spec's documentStatus in the shared approvals UI's terms (its badge and buttons). */
export const APPROVAL_OF: Record<DocumentStatus, ApprovalStatus> = { NotCheckedYet: 'WatingForConfirm', Accepted: 'Confirmed', NotAccepted: 'Rejected' };

export type DocumentScope = 'organization' | 'user';

export function getDocuments(api: ApiClient, scope: DocumentScope): Promise<DocumentView[]> {
  return api.get<DocumentView[]>(scope === 'organization' ? '/Documents/GetOrganizationDocuments' : '/Documents/GetUserDocuments');
}

export function getOrganizationAuthentication(api: ApiClient): Promise<OrganizationAuthentication> {
  return api.get<OrganizationAuthentication>('/Documents/GetOrganizationAuthentication');
}

export function uploadDocument(api: ApiClient, scope: DocumentScope, documentType: string, file: File): Promise<DocumentView> {
  return api.post<DocumentView>(scope === 'organization' ? '/Documents/UploadOrganizationDocument' : '/Documents/UploadUserDocument', file, {
    // The page shows the refusal under the document's field (size, type, pixels).
    query: { documentType, fileName: file.name }, rawContentType: file.type || 'application/octet-stream', quiet: true,
  });
}

/** The image, fetched with the session (it is served only to those who may see it) and opened in a new tab. */
export async function openDocument(api: ApiClient, id: number): Promise<void> {
  const blob = await api.get<Blob>(`/Documents/File/${id}`, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Sets the owner's authentication through the owner's own edit call (the organization's or the
 * user's `Update`), so the rules there — only from above, audited — are the only ones.
 */
export function setOwnerAuthentication(api: ApiClient, owner: { organizationId: number; userId: number | null }, isAuthenticated: boolean): Promise<unknown> {
  return owner.userId === null
    ? api.post('/Organizations/Update', { id: owner.organizationId, isAuthenticated })
    : api.post('/Users/Update', { id: owner.userId, isAuthenticated });
}

/** A refused upload as one line under the field: the server's messages on `file` (or its message). */
export function uploadErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.validationErrors.map((v) => v.message).join(' ') || error.message;
  return String((error as Error)?.message ?? error);
}
