import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { useCurrentUser } from '../../shared/auth/current-user';
import { formatDateTime } from '../../shared/dates/jalali';
import { UserText } from '../../shared/ui/user-text';

export function ProfilePage() {
  const { t } = useTranslation('account');
  const { store } = useApp();
  const language = useAppState(store, (s) => s.language);
  const { data: user } = useCurrentUser();
  if (!user) return <p>{t('common:common.loading')}</p>;
  const rows: [string, string][] = [
    [t('profile.userName'), user.userName],
    [t('profile.fullName'), user.fullName],
    [t('profile.email'), user.email ?? '—'],
    [t('profile.mobile'), user.mobile ?? '—'],
    [t('profile.organization'), user.organizationName],
    [t('profile.scope'), t(`profile.scopes.${user.scope}`)],
    [t('profile.lastLogin'), user.lastLoginAt ? formatDateTime(user.lastLoginAt, language) : '—'],
    [t('profile.lastLoginIp'), user.lastLoginIp ?? '—'],
  ];
  return (
    <section data-testid="profile-page" className="max-w-2xl">
      <h1 className="mb-4 text-xl font-bold">{t('profile.title')}</h1>
      <dl className="divide-y rounded border bg-white dark:bg-slate-800">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-2"><dt className="text-slate-500">{label}</dt><dd><UserText>{value}</UserText></dd></div>
        ))}
      </dl>
      <Link to="/account/change-password" className="mt-4 inline-block text-sky-700 underline">{t('profile.changePassword')}</Link>
    </section>
  );
}
