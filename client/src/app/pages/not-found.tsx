import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="not-found" className="mx-auto mt-16 max-w-lg text-center">
      <div className="mb-4 text-6xl font-bold text-slate-300">404</div>
      <h1 className="mb-6 text-xl font-semibold">{t('notFound.title')}</h1>
      <Link to="/" className="text-sky-700 underline">{t('notFound.back')}</Link>
    </div>
  );
}
