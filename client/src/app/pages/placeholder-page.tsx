import { useTranslation } from 'react-i18next';

/** Areas whose screens arrive with later issues (landing pages, plans, forms, surveys, documentation). */
export function PlaceholderPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="placeholder" className="mx-auto mt-16 max-w-lg text-center">
      <h1 className="mb-2 text-xl font-semibold">{t('placeholder.title')}</h1>
      <p className="text-slate-600">{t('placeholder.message')}</p>
    </div>
  );
}
