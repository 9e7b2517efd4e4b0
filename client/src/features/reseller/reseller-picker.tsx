import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../shared/auth/current-user';
import { EmptyState } from '../../shared/ui/empty-state';
import { OrganizationPicker } from '../admin-common/pickers';

/**
 * Whose figures a reseller screen shows: a reseller's own by default; the system administrator
 * (whose organization is no reseller) must choose one, and a reseller above others may.
 */
export function useResellerChoice(testId: string) {
  const { t } = useTranslation('reseller');
  const { data: me } = useCurrentUser();
  const [resellerId, setResellerId] = useState<number | null>(null);
  const mustPick = me?.scope === 'superAdmin';
  const mayPick = mustPick || !!me?.claims.includes('Financial.Tariffs');
  const picker = mayPick ? (
    <div className="mb-4 max-w-md">
      <OrganizationPicker id={`${testId}-reseller`} data-testid={`${testId}-reseller`} type="reseller" label={t('reseller')} required={mustPick}
        placeholder={mustPick ? t('pickReseller') : t('ownReseller')} value={resellerId} onChange={(id) => setResellerId(id)} />
    </div>
  ) : null;
  const waiting = !me || (mustPick && resellerId === null);
  const prompt = me && waiting ? <EmptyState title={t('pickReseller')} description={t('pickResellerHint')} data-testid={`${testId}-pick`} /> : null;
  /** The reseller shown: the one picked, else the caller's active organization. */
  const shownId = resellerId ?? me?.activeOrganizationId ?? null;
  return { resellerId: resellerId ?? undefined, shownId, picker, waiting, prompt };
}
