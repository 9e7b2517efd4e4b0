import { useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import type { Page } from '../../shared/api/api-client';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { ContentMain } from '../../shared/ui/content-main';
import { MENU } from './menu';
import { connectRealtime } from '../../shared/realtime/realtime';
import { UpdateNotice } from './update-notice';
import { NotificationBell, NOTIFICATIONS_KEY } from './notification-bell';
import { ImpersonationBanner } from './impersonation-banner';

interface OrganizationItem { id: number; name: string; depth: number }

function OrganizationSwitcher({ ownOrganizationId }: { ownOrganizationId: number }) {
  const { api, store, setActiveOrganization } = useApp();
  const { t } = useTranslation('layout');
  const { mutate } = useSWRConfig();
  const active = useAppState(store, (s) => s.activeOrganizationId);
  // Listed from the user's own organization, so switching down never hides the way back up.
  const { data } = useSWR<Page<OrganizationItem>>(['switcher', ownOrganizationId], () =>
    api.get<Page<OrganizationItem>>('/Organizations/GetAll', { query: { pageSize: 200 }, organizationId: String(ownOrganizationId) }));
  if (!data || data.items.length < 2) return null;
  const minDepth = Math.min(...data.items.map((o) => o.depth));
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">{t('header.organization')}</span>
      <select
        data-testid="organization-switcher"
        aria-label={t('header.organization')}
        className="max-w-[14rem] rounded border border-slate-300 bg-white px-2 py-1 dark:bg-slate-800"
        value={active ?? String(ownOrganizationId)}
        onChange={(e) => {
          setActiveOrganization(e.target.value === String(ownOrganizationId) ? null : e.target.value);
          void mutate(() => true);
        }}
      >
        {data.items.map((o) => (
          // An <option> holds no markup: the name is isolated with FSI … PDI instead of <bdi>.
          <option key={o.id} value={String(o.id)}>{`${'— '.repeat(Math.max(0, o.depth - minDepth))}${isolateText(o.name)}`}</option>
        ))}
      </select>
    </label>
  );
}

export function MainLayout() {
  const services = useApp();
  const { api, session, store, setLanguage, setTheme, leave } = services;
  const { t } = useTranslation('layout');
  const { data: user } = useCurrentUser();
  const language = useAppState(store, (s) => s.language);
  const theme = useAppState(store, (s) => s.theme);
  const [menuOpen, setMenuOpen] = useState(false);
  const { mutate: globalMutate } = useSWRConfig();

  useEffect(() => {
    const token = session.accessToken();
    if (!token) return undefined;
    return connectRealtime(token, () => void globalMutate(NOTIFICATIONS_KEY));
  }, [session, globalMutate]);

  // The server answers false while impersonating: the forced change waits for the user's own sign-in.
  if (user?.changePasswordRequired) return <Navigate to="/account/change-password" replace />;

  const logout = async () => {
    try { await api.post('/Account/Logout', undefined, { quiet: true }); } finally {
      session.clear();
      leave();
    }
  };
  return (
    <div className="min-h-screen">
      <ImpersonationBanner />
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-700 dark:bg-slate-800">
        <button type="button" className="rounded border px-2 py-1 md:hidden" aria-expanded={menuOpen} onClick={() => setMenuOpen(!menuOpen)}>{t('header.menu')}</button>
        <span className="text-lg font-bold text-sky-700" data-testid="app-title">{services.i18n.t('productName')}</span>
        <span className="text-sm text-slate-500 dark:text-slate-300" data-testid="current-user"><UserText>{user?.fullName}</UserText></span>
        <div className="ms-auto flex items-center gap-2">
          {user && hasClaim(user, 'Organizations.View') && user.scope !== 'user' && <OrganizationSwitcher ownOrganizationId={user.organizationId} />}
          <NotificationBell />
          <button type="button" data-testid="language-toggle" aria-label={`${t('header.language')} (${t('header.languageLabel')})`} lang={language === 'fa' ? 'en' : 'fa'} className="rounded border px-2 py-1 text-sm"
            onClick={() => setLanguage(language === 'fa' ? 'en-US' : 'fa')}>{t('header.language')}</button>
          <button type="button" data-testid="theme-toggle" className="rounded border px-2 py-1 text-sm"
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}>{theme === 'dark' ? t('header.themeLight') : t('header.themeDark')}</button>
          <button type="button" data-testid="logout" className="rounded bg-slate-700 px-3 py-1 text-sm text-white" onClick={() => void logout()}>{t('header.logout')}</button>
        </div>
      </header>
      <div className="flex">
        <nav aria-label={t('header.menu')} className={`${menuOpen ? 'block' : 'hidden'} w-60 shrink-0 border-e border-slate-200 bg-white p-3 md:block dark:border-slate-700 dark:bg-slate-800`}>
          {MENU.map((section) => {
            const items = section.items.filter((i) => hasClaim(user, i.claim));
            if (!items.length) return null;
            return (
              <div key={section.key} className="mb-3" data-testid={`menu-section-${section.key}`}>
                <div className="mb-1 text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">{t(section.titleKey)}</div>
                {items.map((item) => item.opens === 'api-new-tab' ? (
                  <a key={item.path} href={`${services.apiRoot}${item.path}`} target="_blank" rel="noopener noreferrer"
                    className="block rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-700">
                    {t(item.titleKey)}
                  </a>
                ) : (
                  <NavLink key={item.path} to={item.path} end={item.path === '/'}
                    className={({ isActive }) => `block rounded px-2 py-1 text-sm ${isActive ? 'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100' : 'hover:bg-slate-100 dark:hover:bg-slate-700'}`}>
                    {t(item.titleKey)}
                  </NavLink>
                ))}
              </div>
            );
          })}
        </nav>
        <ContentMain className="min-w-0 flex-1 p-4">
          <Outlet />
        </ContentMain>
      </div>
      <UpdateNotice />
    </div>
  );
}
