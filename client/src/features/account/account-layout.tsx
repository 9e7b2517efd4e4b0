import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { ContentMain } from '../../shared/ui/content-main';

export function AccountLayout() {
  const { store, setLanguage, i18n } = useApp();
  const { t } = useTranslation('layout');
  const language = useAppState(store, (s) => s.language);
  return (
    <div className="flex min-h-screen flex-col items-center justify-center p-4">
      <header className="mb-4 flex w-full max-w-sm items-center justify-between">
        <span className="text-2xl font-bold text-sky-700" data-testid="app-title">{i18n.t('productName')}</span>
        <button type="button" data-testid="language-toggle" aria-label={`${t('header.language')} (${t('header.languageLabel')})`} lang={language === 'fa' ? 'en' : 'fa'} className="rounded border px-2 py-1 text-sm"
          onClick={() => setLanguage(language === 'fa' ? 'en-US' : 'fa')}>{t('header.language')}</button>
      </header>
      <ContentMain className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow dark:border-slate-700 dark:bg-slate-800">
        <Outlet />
      </ContentMain>
    </div>
  );
}
