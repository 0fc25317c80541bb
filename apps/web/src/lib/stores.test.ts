import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/users';
import { useAuthStore } from './auth-store';
import {
  DEFAULT_SIDEBAR_MENU,
  DEFAULT_SIDEBAR_OPTIONS,
  MOBILE_QUERY,
  useSidebarMenuStore,
  useSidebarOptionsStore,
} from './sidebar-store';
import {
  selectedStudent,
  selectStudent,
  useStudentSelectionStore,
  type StudentSelection,
} from './student-selection-store';
import { APP_VERSION, reconcileStoredVersion } from './storage';
import { INITIAL_TABLE_STATE, useTableStore } from './table-store';

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ token: null, user: null });
  useSidebarOptionsStore.setState(DEFAULT_SIDEBAR_OPTIONS);
  useSidebarMenuStore.setState(DEFAULT_SIDEBAR_MENU);
  localStorage.clear();
});

describe('auth store (keys token and user)', () => {
  it('login stores the raw token and the user JSON with permissions and view_options', () => {
    const user = makeUser('THERAPIST', { view_options: [{ controller: 'games', view: 'list', columns: ['name'] }] });
    useAuthStore.getState().signIn(user, 'tok-1');
    expect(localStorage.getItem('token')).toBe('tok-1');
    const stored = JSON.parse(localStorage.getItem('user') ?? 'null');
    expect(stored.permissions).toEqual(user.permissions);
    expect(stored.view_options).toEqual(user.view_options);
  });

  it('sign-out removes token and user, and nothing else', () => {
    localStorage.setItem('version', APP_VERSION);
    localStorage.setItem('language', 'es');
    useAuthStore.getState().signIn(makeUser('STUDENT'), 'tok-2');
    useAuthStore.getState().signOut();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('version')).toBe(APP_VERSION);
    expect(localStorage.getItem('language')).toBe('es');
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null });
  });

  it('a user answered after sign-out (a late GET /api/auth/me) is not stored again', () => {
    const user = makeUser('EDITOR');
    useAuthStore.getState().signIn(user, 'tok-3');
    useAuthStore.getState().signOut();
    useAuthStore.getState().setUser({ ...user, first_name: 'Late' });
    expect(useAuthStore.getState().user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    // Signed in, it replaces the user as before.
    useAuthStore.getState().signIn(user, 'tok-4');
    useAuthStore.getState().setUser({ ...user, first_name: 'Fresh' });
    expect(useAuthStore.getState().user?.first_name).toBe('Fresh');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').first_name).toBe('Fresh');
  });

  it('the same user answered again (the start-up refresh) changes nothing, so nothing renders again', () => {
    const user = makeUser('THERAPIST');
    useAuthStore.getState().signIn(user, 'tok-5');
    const before = useAuthStore.getState();
    let notified = 0;
    const stop = useAuthStore.subscribe(() => notified++);
    useAuthStore.getState().setUser(JSON.parse(JSON.stringify(user)) as typeof user);
    expect(notified).toBe(0);
    expect(useAuthStore.getState()).toBe(before);
    useAuthStore.getState().setUser({ ...user, permissions: [] });
    expect(notified).toBe(1);
    expect(useAuthStore.getState().user?.permissions).toEqual([]);
    stop();
  });

  it('rehydrates from the stored keys', async () => {
    const user = makeUser('EDITOR');
    localStorage.setItem('token', 'tok-3');
    localStorage.setItem('user', JSON.stringify(user));
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState().token).toBe('tok-3');
    expect(useAuthStore.getState().user?.role).toBe('EDITOR');
  });
});

describe('stored version', () => {
  it('a different version clears token, user, sidebarOptions and sidebar, then stores the new one', () => {
    for (const key of ['token', 'user', 'sidebarOptions', 'sidebar', 'language']) localStorage.setItem(key, 'x');
    localStorage.setItem('version', '0.0.1-old');
    expect(reconcileStoredVersion('9.9.9')).toBe(true);
    expect(['token', 'user', 'sidebarOptions', 'sidebar'].map((k) => localStorage.getItem(k))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(localStorage.getItem('language')).toBe('x');
    expect(localStorage.getItem('version')).toBe('9.9.9');
  });

  it('a missing version counts as different', () => {
    localStorage.setItem('token', 'stale');
    expect(reconcileStoredVersion('1.0.0')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('the same version keeps everything', () => {
    localStorage.setItem('version', '1.0.0');
    localStorage.setItem('token', 'keep');
    expect(reconcileStoredVersion('1.0.0')).toBe(false);
    expect(localStorage.getItem('token')).toBe('keep');
  });
});

describe('sidebar stores', () => {
  it('persist the seed defaults and changes as plain JSON under sidebarOptions', () => {
    useSidebarOptionsStore.getState().setSidebarOpen(false);
    expect(JSON.parse(localStorage.getItem('sidebarOptions') ?? 'null')).toEqual({
      sidebarType: 'PRIMARY',
      isMobile: false,
      sidebarOpen: false,
    });
    useSidebarOptionsStore.getState().setMobile(true);
    useSidebarOptionsStore.getState().toggleSidebar();
    expect(JSON.parse(localStorage.getItem('sidebarOptions') ?? 'null')).toEqual({
      sidebarType: 'PRIMARY',
      isMobile: true,
      sidebarOpen: true,
    });
  });

  it('rehydrate sidebarOptions and sidebar after a reload, isMobile being the window’s and not the stored one', async () => {
    useSidebarOptionsStore.setState({ isMobile: false });
    localStorage.setItem(
      'sidebarOptions',
      JSON.stringify({ sidebarType: 'SECONDARY', isMobile: true, sidebarOpen: true }),
    );
    localStorage.setItem('sidebar', JSON.stringify({ collapsed: true, expanded: ['catalogs'] }));
    await useSidebarOptionsStore.persist.rehydrate();
    await useSidebarMenuStore.persist.rehydrate();
    expect(useSidebarOptionsStore.getState()).toMatchObject({
      sidebarType: 'SECONDARY',
      isMobile: false,
      sidebarOpen: true,
    });
    expect(useSidebarMenuStore.getState()).toMatchObject({ collapsed: true, expanded: ['catalogs'] });
  });

  it('start with isMobile as the window is (a phone draws the drawer layout from the first render)', async () => {
    const matchMedia = window.matchMedia;
    for (const matches of [true, false]) {
      window.matchMedia = ((query: string) => ({
        matches: query === MOBILE_QUERY && matches,
      })) as unknown as typeof window.matchMedia;
      vi.resetModules();
      const fresh = await import('./sidebar-store');
      expect(fresh.useSidebarOptionsStore.getState().isMobile).toBe(matches);
    }
    window.matchMedia = matchMedia;
  });

  it('keep the menu state (collapsed column, open groups) under sidebar', () => {
    useSidebarMenuStore.getState().setCollapsed(true);
    useSidebarMenuStore.getState().toggleGroup('administration');
    useSidebarMenuStore.getState().expandGroup('administration');
    expect(JSON.parse(localStorage.getItem('sidebar') ?? 'null')).toEqual({
      collapsed: true,
      expanded: ['administration'],
    });
    useSidebarMenuStore.getState().toggleGroup('administration');
    expect(JSON.parse(localStorage.getItem('sidebar') ?? 'null')).toEqual({ collapsed: true, expanded: [] });
  });
});

describe('student selection', () => {
  const students: StudentSelection[] = [
    {
      student_id: 's1',
      selected: true,
      workspaces: [
        { id: 'w1', selected: true },
        { id: 'w2', selected: false },
      ],
    },
    {
      student_id: 's2',
      selected: false,
      workspaces: [
        { id: 'w3', selected: false },
        { id: 'w4', selected: false },
      ],
    },
  ];

  it('selecting one student and workspace clears every other selection', () => {
    const next = selectStudent(students, 's2', 'w4');
    expect(next.map((s) => s.selected)).toEqual([false, true]);
    expect(next.flatMap((s) => s.workspaces.map((w) => w.selected))).toEqual([false, false, false, true]);
    expect(selectedStudent(next)).toEqual({ student_id: 's2', workspace_id: 'w4' });
  });

  it('the store applies the same rule and can clear', () => {
    const store = useStudentSelectionStore.getState();
    store.setStudents(students);
    store.select('s1', 'w2');
    expect(selectedStudent(useStudentSelectionStore.getState().students)).toEqual({
      student_id: 's1',
      workspace_id: 'w2',
    });
    useStudentSelectionStore.getState().clearSelection();
    expect(selectedStudent(useStudentSelectionStore.getState().students)).toBeNull();
  });
});

describe('table state', () => {
  it('starts empty and sets / clears the filter', () => {
    useTableStore.setState(INITIAL_TABLE_STATE);
    expect(useTableStore.getState()).toMatchObject({
      itemName: null,
      columnSearch: null,
      searchFilter: '',
      resetSearchFilter: false,
    });
    useTableStore.getState().setSearchFilter('cat');
    useTableStore.getState().setItemName('Level 1');
    useTableStore.getState().setColumnSearch('name');
    expect(useTableStore.getState()).toMatchObject({ itemName: 'Level 1', columnSearch: 'name', searchFilter: 'cat' });
    useTableStore.getState().clearSearchFilter();
    expect(useTableStore.getState()).toMatchObject({ searchFilter: '', resetSearchFilter: true });
    useTableStore.getState().acknowledgeReset();
    expect(useTableStore.getState().resetSearchFilter).toBe(false);
  });
});
