import { useEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { ContentMain, CONTENT_ID } from '../../shared/ui/content-main';
import { MENU } from './menu';
import { menuBlocks, type MenuItem } from './menu-blocks';
import { connectRealtime } from '../../shared/realtime/realtime';
import { UpdateNotice } from './update-notice';
import { NotificationBell, NOTIFICATIONS_KEY } from './notification-bell';
import { ImpersonationBanner } from './impersonation-banner';
import { layoutApi, layoutKeys } from './layout-api';
import { MustReadNews } from '../../features/news/must-read-news';
import { FEATURES } from '../features';

// Drawn on every page of the layout (the chat assistant's button), from the feature manifests.
const WIDGETS = FEATURES.flatMap((f) => f.widgets ?? []);

function OrganizationSwitcher({ ownOrganizationId }: { ownOrganizationId: number }) {
  const { api, store, setActiveOrganization } = useApp();
  const { t } = useTranslation('layout');
  const { mutate } = useSWRConfig();
  const active = useAppState(store, (s) => s.activeOrganizationId);
  // Listed from the user's own organization, so switching down never hides the way back up.
  const { data } = useSWR(layoutKeys.switcher(ownOrganizationId), () =>
    layoutApi.switcherOrganizations(api, { pageSize: 200 }, { organizationId: String(ownOrganizationId) }));
  if (!data || data.items.length < 2) return null;
  const minDepth = Math.min(...data.items.map((o) => o.depth));
  return (
    <label className="flex min-w-0 max-w-full items-center gap-2 text-sm">
      <span className="sr-only">{t('header.organization')}</span>
      {/* A select is as wide as its longest option: capped, so a long organization name never widens the page. */}
      <select
        data-testid="organization-switcher"
        aria-label={t('header.organization')}
        className="w-full min-w-0 max-w-[14rem] truncate rounded border border-slate-300 bg-white px-2 py-1 dark:bg-slate-800"
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

const linkClass = (isActive: boolean, extra = '') =>
  `block rounded px-2 py-1 text-sm ${extra} ${isActive ? 'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100' : 'hover:bg-slate-100 dark:hover:bg-slate-700'}`;

/** One menu entry: a panel screen, or a server page (API documentation) in a new tab. */
function MenuLink({ item, title, apiRoot, onNavigate, emphasis = '' }: { item: MenuItem; title: string; apiRoot: string; onNavigate(): void; emphasis?: string }) {
  if (item.opens === 'api-new-tab') {
    return (
      <a href={`${apiRoot}${item.path}`} target="_blank" rel="noopener noreferrer" className={linkClass(false, emphasis)} onClick={onNavigate}>
        {title}
      </a>
    );
  }
  return (
    <NavLink to={item.path} end={item.path === '/'} className={({ isActive }) => linkClass(isActive, emphasis)} onClick={onNavigate}>
      {title}
      {item.badge && <item.badge />}
    </NavLink>
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
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  const { mutate: globalMutate } = useSWRConfig();

  useEffect(() => {
    const token = session.accessToken();
    if (!token) return undefined;
    return connectRealtime(token, () => void globalMutate(NOTIFICATIONS_KEY));
  }, [session, globalMutate]);

  // Any navigation closes the phone menu (a link, the back button, a link inside a page).
  useEffect(() => { setMenuOpen(false); }, [pathname, search]);

  // Escape closes the open menu and gives focus back to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // The server answers false while impersonating: the forced change waits for the user's own sign-in.
  if (user?.changePasswordRequired) return <Navigate to="/account/change-password" replace />;

  const logout = async () => {
    try { await layoutApi.logout(api, undefined, { quiet: true }); } finally {
      session.clear();
      leave();
    }
  };
  // A link chosen in the open phone menu hides with the menu; focus goes on to the new page's content
  // rather than being lost to the document body.
  const onNavigate = () => {
    if (!menuOpen) return;
    setMenuOpen(false);
    window.requestAnimationFrame(() => document.getElementById(CONTENT_ID)?.focus({ preventScroll: true }));
  };
  // The menu follows the whole header in the document: opening it takes focus to its first link.
  const toggleMenu = () => {
    const next = !menuOpen;
    setMenuOpen(next);
    if (next) window.requestAnimationFrame(() => document.querySelector<HTMLElement>('#main-menu a')?.focus());
  };
  const blocks = menuBlocks((claim) => hasClaim(user, claim), MENU);
  return (
    <div className="min-h-screen">
      <ImpersonationBanner />
      {user && <MustReadNews />}
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-700 dark:bg-slate-800">
        <button ref={menuButton} type="button" data-testid="menu-toggle" className="rounded border px-2 py-1 md:hidden"
          aria-expanded={menuOpen} aria-controls="main-menu" onClick={toggleMenu}>{t('header.menu')}</button>
        <span className="text-lg font-bold text-sky-700" data-testid="app-title">{services.i18n.t('productName')}</span>
        <span className="min-w-0 max-w-full truncate text-sm text-slate-500 dark:text-slate-300" data-testid="current-user"><UserText>{user?.fullName}</UserText></span>
        <div className="ms-auto flex min-w-0 max-w-full flex-wrap items-center gap-2">
          {user && hasClaim(user, 'Organizations.View') && user.scope !== 'user' && <OrganizationSwitcher ownOrganizationId={user.organizationId} />}
          <NotificationBell />
          <button type="button" data-testid="language-toggle" aria-label={`${t('header.language')} (${t('header.languageLabel')})`} lang={language === 'fa' ? 'en' : 'fa'} className="rounded border px-2 py-1 text-sm"
            onClick={() => setLanguage(language === 'fa' ? 'en-US' : 'fa')}>{t('header.language')}</button>
          <button type="button" data-testid="theme-toggle" className="rounded border px-2 py-1 text-sm"
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}>{theme === 'dark' ? t('header.themeLight') : t('header.themeDark')}</button>
          <button type="button" data-testid="logout" className="rounded bg-slate-700 px-3 py-1 text-sm text-white" onClick={() => void logout()}>{t('header.logout')}</button>
        </div>
      </header>
      <div className="md:flex">
        <nav id="main-menu" data-testid="main-menu" aria-label={t('header.menu')}
          className={`${menuOpen ? 'block' : 'hidden'} w-full shrink-0 border-b border-slate-200 bg-white p-3 md:block md:w-60 md:border-b-0 md:border-e dark:border-slate-700 dark:bg-slate-800`}>
          {blocks.map((block) => block.kind === 'link' ? (
            <div key={block.key} className="mb-3" data-testid={`menu-section-${block.key}`} data-single="true">
              <MenuLink item={block.item} title={t(block.titleKey)} apiRoot={services.apiRoot} onNavigate={onNavigate} emphasis="font-semibold" />
            </div>
          ) : (
            <div key={block.key} className="mb-3" data-testid={`menu-section-${block.key}`}>
              <div className="mb-1 text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">{t(block.titleKey)}</div>
              {block.items.map((item) => (
                <MenuLink key={item.path} item={item} title={t(item.titleKey)} apiRoot={services.apiRoot} onNavigate={onNavigate} />
              ))}
            </div>
          ))}
        </nav>
        <ContentMain className="min-w-0 flex-1 p-4">
          <Outlet />
        </ContentMain>
      </div>
      <UpdateNotice />
      {user && WIDGETS.map((Widget, i) => <Widget key={i} />)}
    </div>
  );
}
