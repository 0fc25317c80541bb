import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import {
  DEFAULT_SIDEBAR_MENU,
  DEFAULT_SIDEBAR_OPTIONS,
  useSidebarMenuStore,
  useSidebarOptionsStore,
} from '@/lib/sidebar-store';
import { widgetsReady } from '@/test/first-paint';
import { setupTestI18n } from '@/test/i18n';
import { makeUser } from '@/test/users';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => {
  useSidebarOptionsStore.setState(DEFAULT_SIDEBAR_OPTIONS);
  useSidebarMenuStore.setState(DEFAULT_SIDEBAR_MENU);
  useAuthStore.setState({ token: 'tok', user: makeUser('SUPERADMIN', { first_name: 'Super', last_name: 'Admin' }) });
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('main layout', () => {
  it('has the landmarks: skip link, main menu, breadcrumb, main with one h1', async () => {
    renderAt('/catalogs/verbs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verbs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Reference Catalogs' })).toHaveAttribute('href', '/catalogs');
    expect(within(crumbs).getByText('Verbs')).toHaveAttribute('aria-current', 'page');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Verbs' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('button', { name: 'Catalogs' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('the menu shows only what the role may open', async () => {
    useAuthStore.setState({ token: 'tok', user: makeUser('STUDENT') });
    renderAt('/dashboards');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByRole('button', { name: 'Administration' })).toBeNull();
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Player', 'Setting']);
  });

  it('the menu button collapses the desktop column and remembers it under "sidebar"', async () => {
    const kb = userEvent.setup();
    renderAt('/dashboards');
    const toggle = await screen.findByRole('button', { name: 'Toggle navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await kb.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(JSON.parse(localStorage.getItem('sidebar') ?? '{}')).toMatchObject({ collapsed: true });
  });

  it('on a phone the menu is a drawer: opens from the button, Esc closes it, state kept in "sidebarOptions"', async () => {
    const kb = userEvent.setup();
    renderAt('/dashboards');
    await screen.findByRole('heading', { level: 1 });
    expect(document.getElementById('sidebar-desktop')).not.toBeNull();
    act(() => useSidebarOptionsStore.getState().setMobile(true));
    // A phone draws one menu, the drawer, and only once it is opened.
    await waitFor(() => expect(document.getElementById('sidebar-desktop')).toBeNull());
    expect(document.getElementById('sidebar-mobile')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await kb.click(toggle);
    const drawer = await screen.findByRole('dialog', { name: 'Main menu' });
    expect(within(drawer).getByRole('button', { name: 'Close navigation' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('sidebarOptions') ?? '{}')).toEqual({
      sidebarType: 'PRIMARY',
      isMobile: true,
      sidebarOpen: true,
    });
    await kb.keyboard('{Escape}');
    await waitFor(() => expect(useSidebarOptionsStore.getState().sidebarOpen).toBe(false));
  });

  it('arrow keys move through the menu and typing jumps to an entry', async () => {
    const kb = userEvent.setup();
    renderAt('/dashboards');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const dashboard = within(menu).getByRole('link', { name: 'Dashboard' });
    dashboard.focus();
    await kb.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('button', { name: 'Analytics' })).toHaveFocus();
    await kb.keyboard('{End}');
    expect(within(menu).getByRole('link', { name: 'Setting' })).toHaveFocus();
    await kb.keyboard('{Home}');
    expect(dashboard).toHaveFocus();
    await kb.keyboard('as');
    expect(within(menu).getByRole('button', { name: 'Assessments' })).toHaveFocus();
  });

  it('the user menu offers Change password and Log out', async () => {
    const kb = userEvent.setup();
    renderAt('/dashboards');
    await screen.findByRole('button', { name: /Super Admin/ });
    await widgetsReady();
    await kb.click(screen.getByRole('button', { name: /Super Admin/ }));
    expect(await screen.findByRole('menuitem', { name: 'Change password' })).toHaveAttribute('href', '/changePassword');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveAttribute('href', '/logout');
  });

  it('switching to Spanish translates the shell, sets <html lang> and is remembered', async () => {
    const kb = userEvent.setup();
    renderAt('/administration/accounts');
    await screen.findByRole('heading', { level: 1, name: 'Accounts' });
    await kb.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cuentas' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Ruta de navegación' })).toHaveTextContent('Administración');
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('language')).toBe('es');
  });
});
