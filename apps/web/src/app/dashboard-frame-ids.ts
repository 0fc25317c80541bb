/**
 * The ids of the dashboard's first frame (dashboard-frame.ts): the elements its script fills in,
 * where it finds its data, and the frame itself, which the app's start-up looks for (main.tsx).
 */
export const FRAME_IDS = {
  frame: 'dashboard-frame',
  data: 'dashboard-frame-data',
  sidebar: 'dashboard-frame-sidebar',
  content: 'dashboard-frame-content',
  wordmark: 'dashboard-frame-wordmark',
  collapse: 'dashboard-frame-collapse',
  selector: 'dashboard-frame-selector',
  initials: 'dashboard-frame-initials',
  fullName: 'dashboard-frame-full-name',
  role: 'dashboard-frame-role',
  name: 'dashboard-frame-name',
  language: 'dashboard-frame-language',
} as const;
