import { useRef, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { UserText } from '../../shared/ui/user-text';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { ApprovalStatusBadge } from '../../shared/ui/approvals/approvals';
import { APPROVAL_OF, getDocuments, getOrganizationAuthentication, openDocument, ORGANIZATION_DOCUMENT_TYPES, uploadDocument, uploadErrorText, USER_DOCUMENT_TYPES, type DocumentScope, type DocumentView } from './documents-api';

const NS = 'documents';

/** One type's card: its status (or not uploaded), the administrator's description, view and upload. */
function DocumentCard({ scope, type, doc, onUploaded }: { scope: DocumentScope; type: string; doc: DocumentView | undefined; onUploaded(): void }) {
  const { api } = useApp();
  const { t } = useTranslation(NS);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = `document-${type}-error`;
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      await uploadDocument(api, scope, type, file);
      showToast({ kind: 'success', message: t('uploaded') });
      onUploaded();
    } catch (err) {
      // Nothing was stored: the reason (too large, not an image, too many pixels) stays by this document.
      setError(uploadErrorText(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <li className="rounded-lg border border-gray-200 p-4 dark:border-gray-700" data-testid={`document-${type}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-medium">{t(`types.${type}`)}</h2>
        <span className="ms-auto">
          {doc
            ? <ApprovalStatusBadge ns={NS} status={APPROVAL_OF[doc.documentStatus]} testId={`document-${type}-status`} />
            : <span className="text-sm text-gray-500" data-testid={`document-${type}-status`}>{t('notUploaded')}</span>}
        </span>
      </div>
      {doc?.description && <p className="mt-2 text-sm" data-testid={`document-${type}-description`}>{t('description', { text: '' })}<UserText>{doc.description}</UserText></p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <input ref={input} type="file" accept="image/png,image/jpeg" className="sr-only" id={`document-${type}-file`} data-testid={`document-${type}-file`}
          aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} onChange={(e) => void upload(e.target.files?.[0])} />
        <Button size="sm" loading={busy} onClick={() => input.current?.click()} aria-describedby={error ? errorId : undefined}>{doc ? t('replace') : t('upload')}</Button>
        {doc && <Button size="sm" variant="secondary" onClick={() => void openDocument(api, doc.id).catch(() => undefined)} data-testid={`document-${type}-view`}>{t('view')}</Button>}
      </div>
      {error && <p id={errorId} role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400" data-testid={errorId}>{error}</p>}
    </li>
  );
}

function DocumentsPage({ scope }: { scope: DocumentScope }) {
  const { api } = useApp();
  const { t } = useTranslation(NS);
  const { data, mutate } = useSWR(['documents', scope], () => getDocuments(api, scope));
  const types = scope === 'organization' ? ORGANIZATION_DOCUMENT_TYPES : USER_DOCUMENT_TYPES;
  // Re-read with the documents: a new upload takes the authentication away.
  const { data: authentication } = useSWR(scope === 'organization' ? ['organization-authentication', data] : null, () => getOrganizationAuthentication(api));
  const authenticationText = authentication
    && t(authentication.isAuthenticated ? 'organizationAuthenticated' : authentication.isRequiredToSend ? 'organizationHeld' : 'organizationNotAuthenticatedYet');
  return (
    <div data-testid="documents-page">
      <PageHeader title={t(scope === 'organization' ? 'organizationTitle' : 'mineTitle')} />
      <div role="note" className="mb-4 rounded-md bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-900/30 dark:text-sky-100" data-testid="documents-notice">
        <p>{t('notice')}</p>
        <p className="mt-1">{t('editNotice')}</p>
        <p className="mt-1">{t(scope === 'organization' ? 'limitOrganization' : 'limitUser')}</p>
        {authenticationText && (
          <p className="mt-1 font-medium" data-testid="documents-authentication" data-value={String(authentication?.isAuthenticated)}>{authenticationText}</p>
        )}
      </div>
      <ul className="grid gap-3 md:grid-cols-2">
        {types.map((type) => <DocumentCard key={type} scope={scope} type={type} doc={data?.find((d) => d.documentType === type)} onUploaded={() => void mutate()} />)}
      </ul>
    </div>
  );
}

export const UserDocumentsPage = () => <DocumentsPage scope="user" />;
export const OrganizationDocumentsPage = () => <DocumentsPage scope="organization" />;
