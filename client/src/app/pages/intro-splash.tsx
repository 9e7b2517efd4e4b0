/** The spec: "Documentation viewer. The app intro is hidden on entry." — no splash on the viewer's addresses. */
export function introShownAt(pathname: string): boolean {
  return !/^\/documentation(\/|$)/.test(pathname);
}

/** Shown before texts are loaded, so it carries the product name in both scripts and no other words. */
export function IntroSplash() {
  return (
    <div data-testid="intro-splash" className="fixed inset-0 flex flex-col items-center justify-center gap-4 bg-slate-50 dark:bg-slate-900">
      <div className="text-4xl font-bold text-sky-700">پیک · Peyk</div>
      <div className="h-1 w-40 overflow-hidden rounded bg-slate-200"><div className="h-full w-1/3 animate-pulse bg-sky-600" /></div>
    </div>
  );
}
