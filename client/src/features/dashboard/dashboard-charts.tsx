import { lazy, Suspense } from 'react';
import { Spinner } from '../../shared/ui/spinner';

// The charts (Tremor and recharts) are a chunk of their own: the rest of the home screen does not wait for them.
const DashboardChartsView = lazy(() => import('./dashboard-charts-view').then((m) => ({ default: m.DashboardChartsView })));

/** The dashboard's statistics section: a range, totals and charts of the caller's sends and credit. */
export function DashboardCharts() {
  return (
    <Suspense fallback={<Spinner className="mt-6" data-testid="dashboard-charts-loading" />}>
      <DashboardChartsView />
    </Suspense>
  );
}
