import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { itemCrumb, labelCrumb } from '@/lib/route-handle';
import { INITIAL_TABLE_STATE, useTableStore } from '@/lib/table-store';
import { setupTestI18n } from '@/test/i18n';
import { Breadcrumbs } from './breadcrumbs';

function Shell() {
  return (
    <>
      <Breadcrumbs />
      <Outlet />
    </>
  );
}

const routes = [
  {
    element: <Shell />,
    children: [
      {
        path: 'administration',
        handle: { crumb: labelCrumb('crumbs.administration') },
        children: [
          {
            path: 'accounts',
            handle: { crumb: labelCrumb('crumbs.accounts') },
            children: [
              { index: true, element: <p>list</p> },
              { path: 'edit/:accountId', handle: { crumb: itemCrumb('accountId') }, element: <p>edit</p> },
            ],
          },
        ],
      },
    ],
  },
];

const renderAt = (path: string) =>
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => useTableStore.setState(INITIAL_TABLE_STATE));

describe('breadcrumbs', () => {
  it('lists the labels of the matched routes, links all but the current page', async () => {
    renderAt('/administration/accounts');
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Administration', 'Accounts']);
    expect(within(nav).getByRole('link', { name: 'Administration' })).toHaveAttribute('href', '/administration');
    expect(within(nav).getByText('Accounts')).toHaveAttribute('aria-current', 'page');
  });

  it('an edit page shows the id from the route until the item name is loaded', async () => {
    renderAt('/administration/accounts/edit/42');
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByText('42')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Accounts' })).toHaveAttribute('href', '/administration/accounts');

    act(() => useTableStore.getState().setItemName('Demo Therapy Center'));
    expect(within(nav).getByText('Demo Therapy Center')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByText('42')).toBeNull();
  });

  it('translates with the language', async () => {
    const i18n = await setupTestI18n('es');
    renderAt('/administration/accounts');
    const nav = await screen.findByRole('navigation', { name: 'Ruta de navegación' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Administración', 'Cuentas']);
    await i18n.changeLanguage('en');
  });
});
