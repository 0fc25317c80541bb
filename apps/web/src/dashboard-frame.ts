import { startDashboardFrame } from '@/app/dashboard-frame-behaviour';

/**
 * The script of the dashboard's first frame (`/dashboards` on a first load; app/dashboard-frame.ts):
 * writes the person in, shows the frame, then starts the app once the frame has been painted.
 */
startDashboardFrame(document, {
  go: (path) => window.location.replace(path),
  afterPaint: (start) => requestAnimationFrame(() => setTimeout(start, 0)),
  nextTask: (next) => setTimeout(next, 0),
});
