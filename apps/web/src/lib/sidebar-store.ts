import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { plainJsonStorage, STORAGE_KEYS } from './storage';

/** Seed §3 sidebar state, persisted as-is under `sidebarOptions`. */
export type SidebarOptions = { sidebarType: 'PRIMARY' | 'SECONDARY'; isMobile: boolean; sidebarOpen: boolean };
export const DEFAULT_SIDEBAR_OPTIONS: SidebarOptions = { sidebarType: 'PRIMARY', isMobile: false, sidebarOpen: false };

/** Below Tailwind's `lg`: the sidebar is an overlay drawer. */
export const MOBILE_QUERY = '(max-width: 1023.98px)';

/** Whether the viewport is a phone's or a tablet's now (false where there is no window). */
const mobileNow = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;

type SidebarOptionsState = SidebarOptions & {
  /** Open or close the sidebar (the overlay drawer on phones). */
  setSidebarOpen: (open: boolean) => void;
  toggleSidebar: () => void;
  setMobile: (isMobile: boolean) => void;
};

export const useSidebarOptionsStore = create<SidebarOptionsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SIDEBAR_OPTIONS,
      isMobile: mobileNow(),
      setSidebarOpen: (sidebarOpen) => set({ sidebarOpen }),
      toggleSidebar: () => set((s) => ({ sidebarOpen: !s.sidebarOpen })),
      setMobile: (isMobile) => set({ isMobile }),
    }),
    {
      name: STORAGE_KEYS.sidebarOptions,
      storage: plainJsonStorage<SidebarOptions>(),
      partialize: ({ sidebarType, isMobile, sidebarOpen }) => ({ sidebarType, isMobile, sidebarOpen }),
      // The stored `isMobile` is the last window's; the layout's first render uses this one's, so
      // it does not draw the other layout and then draw again (MainLayout keeps it in step after).
      merge: (stored, current) => ({ ...current, ...(stored as Partial<SidebarOptions>), isMobile: current.isMobile }),
    },
  ),
);

/** The menu's own state, persisted under `sidebar`: desktop column collapsed, groups expanded. */
export type SidebarMenu = { collapsed: boolean; expanded: string[] };
export const DEFAULT_SIDEBAR_MENU: SidebarMenu = { collapsed: false, expanded: [] };

type SidebarMenuState = SidebarMenu & {
  setCollapsed: (collapsed: boolean) => void;
  toggleGroup: (id: string) => void;
  expandGroup: (id: string) => void;
};

export const useSidebarMenuStore = create<SidebarMenuState>()(
  persist(
    (set) => ({
      ...DEFAULT_SIDEBAR_MENU,
      setCollapsed: (collapsed) => set({ collapsed }),
      toggleGroup: (id) =>
        set((s) => ({ expanded: s.expanded.includes(id) ? s.expanded.filter((x) => x !== id) : [...s.expanded, id] })),
      expandGroup: (id) => set((s) => (s.expanded.includes(id) ? s : { expanded: [...s.expanded, id] })),
    }),
    {
      name: STORAGE_KEYS.sidebar,
      storage: plainJsonStorage<SidebarMenu>(),
      partialize: ({ collapsed, expanded }) => ({ collapsed, expanded }),
    },
  ),
);
