import { useState } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { brandImageUrl, type Branding } from '../../shared/app/branding';
import { ContentMain } from '../../shared/ui/content-main';
import { UserText } from '../../shared/ui/user-text';

/**
 * The pages before sign-in, in the branding of the domain they are served on (startup read it):
 * the logo and name, the colours (CSS variables), the login theme (Dark: this page is dark
 * whatever the panel's mode) and the login page mode with its images (Right: beside the form;
 * Center: above it; Carousel: one at a time with previous/next buttons).
 */
export function AccountLayout() {
  const { store, setLanguage, i18n, brand, apiRoot } = useApp();
  const { t } = useTranslation('layout');
  const { t: ta } = useTranslation('account');
  const language = useAppState(store, (s) => s.language);
  const name = brand.isDefault || !brand.organizationName ? i18n.t('productName') : brand.organizationName;
  const images = brand.loginImages.map((p) => brandImageUrl(apiRoot, p));
  const mode = brand.loginPageMode;
  const dark = brand.loginTheme === 'Dark';
  return (
    <div className={dark ? 'dark' : undefined} data-testid="login-shell" data-login-theme={brand.loginTheme} data-login-page-mode={mode}>
      <div className="flex min-h-screen flex-col items-center justify-center bg-slate-50 p-4 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        {mode === 'Carousel' && images.length > 0 && <Carousel images={images} />}
        {mode === 'Center' && images[0] && <img src={images[0]} alt="" data-testid="login-image" className="mb-4 max-h-64 w-full max-w-xl rounded object-cover" />}
        <div className="flex w-full items-center justify-center gap-6">
          <div className="w-full max-w-sm">
            {/* The brand's colour as an accent, never as text colour: a reseller's colour on the
                login theme's background may be unreadable, a bar of it is only decoration. */}
            <div aria-hidden="true" className="mb-3 h-1.5 w-full rounded" style={{ backgroundColor: 'var(--brand-primary, #0369a1)' }} data-testid="brand-bar" />
            <header className="mb-4 flex w-full items-center justify-between gap-2">
              <span className="flex min-w-0 items-center gap-2">
                {brand.agentLogo && <img src={brandImageUrl(apiRoot, brand.agentLogo)} alt={ta('brand.logo', { name })} data-testid="brand-logo" className="h-10 w-auto max-w-[8rem] object-contain" />}
                <span className="truncate text-2xl font-bold" data-testid="app-title">
                  {brand.isDefault ? name : <UserText>{name}</UserText>}
                </span>
              </span>
              <button type="button" data-testid="language-toggle" aria-label={`${t('header.language')} (${t('header.languageLabel')})`} lang={language === 'fa' ? 'en' : 'fa'} className="rounded border px-2 py-1 text-sm"
                onClick={() => setLanguage(language === 'fa' ? 'en-US' : 'fa')}>{t('header.language')}</button>
            </header>
            <ContentMain className="w-full rounded-lg border border-t-4 border-slate-200 bg-white p-6 shadow dark:border-slate-700 dark:bg-slate-800" style={{ borderTopColor: 'var(--brand-secondary, #0f172a)' }}>
              <Outlet />
            </ContentMain>
            <BrandLinks brand={brand} name={name} />
          </div>
          {mode === 'Right' && images[0] && <img src={images[0]} alt="" data-testid="login-image" className="hidden max-h-[604px] w-1/2 max-w-[1133px] rounded object-cover lg:block" />}
        </div>
      </div>
    </div>
  );
}

function BrandLinks({ brand, name }: { brand: Branding; name: string }) {
  const { t } = useTranslation('account');
  if (!brand.resellerLink && !brand.enamad) return null;
  return (
    <p className="mt-3 flex flex-wrap justify-center gap-4 text-sm">
      {/* Links only (never markup from the domain record): both are http(s) addresses the server checked. */}
      {brand.resellerLink && <a href={brand.resellerLink} target="_blank" rel="noopener noreferrer" className="underline" data-testid="brand-reseller-link">{t('brand.resellerLink', { name })}</a>}
      {brand.enamad && <a href={brand.enamad} target="_blank" rel="noopener noreferrer" className="underline" data-testid="brand-enamad">{t('brand.enamad')}</a>}
    </p>
  );
}

/** The carousel: one image at a time, changed by buttons (keyboard-usable); no motion of its own. */
function Carousel({ images }: { images: string[] }) {
  const { t } = useTranslation('account');
  const [index, setIndex] = useState(0);
  const step = (d: number) => setIndex((i) => (i + d + images.length) % images.length);
  return (
    <div className="mb-4 w-full max-w-4xl" data-testid="login-carousel">
      <img src={images[index]} alt={t('brand.loginImage', { index: index + 1, count: images.length })} data-testid="login-image" className="max-h-72 w-full rounded object-cover" />
      {images.length > 1 && (
        <div className="mt-2 flex justify-center gap-2">
          <button type="button" className="rounded border px-2 py-1 text-sm" onClick={() => step(-1)}>{t('brand.previousImage')}</button>
          <button type="button" className="rounded border px-2 py-1 text-sm" onClick={() => step(1)}>{t('brand.nextImage')}</button>
        </div>
      )}
    </div>
  );
}
