import { commonTexts } from '../app.i18n';

// i18next is not up when startup fails, so this screen reads its two texts directly.
const texts = (lang: string) => ((lang.startsWith('fa') ? commonTexts.fa : commonTexts.en) as { startup: Record<string, string>; common: Record<string, string> });

export function StartupError({ updating = false }: { updating?: boolean }) {
  const lang = (() => { try { return window.localStorage.getItem('language') ?? document.documentElement.lang ?? 'fa'; } catch { return 'fa'; } })();
  const t = texts(lang);
  return (
    <div data-testid="startup-error" className="mx-auto mt-24 max-w-lg rounded-lg border border-red-200 bg-white p-8 text-center shadow">
      <h1 className="mb-3 text-xl font-bold text-red-700">{t.startup.banner}</h1>
      <p className="mb-6 text-slate-600">{updating ? t.startup.serverUpdating : t.startup.noConnection}</p>
      <button type="button" data-testid="retry" className="rounded bg-sky-700 px-4 py-2 text-white" onClick={() => window.location.assign('/')}>
        {t.common.retry}
      </button>
    </div>
  );
}
