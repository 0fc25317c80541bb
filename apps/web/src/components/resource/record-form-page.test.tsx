import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, listAnswer, renderApp, signIn, stamp } from '@/test/render-app';

const ID = '44444444-4444-4444-8444-444444444444';
const TYPE_ID = '55555555-5555-4555-8555-555555555555';

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(async () => {
  vi.unstubAllGlobals();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});

describe('record form', () => {
  it('shows the shared schema messages beside the fields and sends nothing while invalid', async () => {
    signIn('EDITOR');
    const { calls } = renderApp('/catalogs/verbs/add', () => undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Base form is required.')).toBeInTheDocument();
    expect(screen.getByText('Type is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Base form')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Base form')).toHaveAccessibleDescription('Base form is required.');
    // Bounds of the declaration: semantic complexity is 1–5.
    await userEvent.type(screen.getByLabelText('Semantic complexity'), '9');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Semantic complexity/, { selector: 'p' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('puts a 409 answer beside the field it names and keeps what was typed', async () => {
    signIn('EDITOR');
    renderApp('/catalogs/verbs/add', ({ url, method }) =>
      url.pathname === '/api/catalogs/verbs' && method === 'POST'
        ? json(
            {
              status: false,
              errors: ['Base form is already in use.'],
              code: 'CONFLICT',
              fields: { base_form: 'Base form is already in use.' },
            },
            409,
          )
        : undefined,
    );
    await userEvent.type(await screen.findByLabelText('Base form'), 'go');
    await userEvent.type(screen.getByLabelText('Past simple'), 'went');
    await userEvent.type(screen.getByLabelText('Past participle'), 'gone');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'irregular');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Base form')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Base form')).toHaveAccessibleDescription('Base form is already in use.');
    expect(screen.getByLabelText('Past simple')).toHaveValue('went');
  });

  it('creates on a fixed-filter screen with the fixed value and no input for it, then shows the new record', async () => {
    signIn('EDITOR');
    const created = {
      id: ID,
      base_form: 'walk',
      past_simple: 'walked',
      past_participle: 'walked',
      type: 'regular',
      semantic_complexity: null,
      ...stamp,
    };
    const { calls, router } = renderApp('/catalogs/verbRegular/add', ({ url, method }) => {
      if (url.pathname === '/api/catalogs/verbs' && method === 'POST')
        return json({ status: true, data: created, message: 'The record was created.' }, 201);
      if (url.pathname === `/api/catalogs/verbs/${ID}`) return json({ status: true, data: created });
      return undefined;
    });
    await userEvent.type(await screen.findByLabelText('Base form'), 'walk');
    expect(screen.queryByLabelText('Type')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Past simple'), 'walked');
    await userEvent.type(screen.getByLabelText('Past participle'), 'walked');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/catalogs/verbRegular/${ID}`));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      base_form: 'walk',
      past_simple: 'walked',
      past_participle: 'walked',
      type: 'regular',
      semantic_complexity: null,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'walk' })).toBeInTheDocument();
    expect(await screen.findByText('The record was created.')).toBeInTheDocument();
  });

  it('edits with the same inputs: loads the record, picks a relation by type-ahead and PUTs the whole body', async () => {
    signIn('EDITOR');
    const item = {
      id: ID,
      name: 'I',
      name_es: null,
      type_id: null,
      grammatical_type: null,
      example: 'I am here.',
      semantic_complexity: 1,
      ...stamp,
    };
    const { calls } = renderApp(`/catalogs/grammaticalItems/edit/${ID}`, ({ url, method }) => {
      if (url.pathname === `/api/catalogs/grammatical-items/${ID}` && method === 'GET')
        return json({ status: true, data: item });
      if (url.pathname === '/api/catalogs/grammatical-types')
        return listAnswer([{ id: TYPE_ID, name: 'Subject pronoun', ...stamp }]);
      if (url.pathname === `/api/catalogs/grammatical-items/${ID}` && method === 'PUT')
        return json({ status: true, data: { ...item, type_id: TYPE_ID }, message: 'The record was updated.' });
      return undefined;
    });
    expect(await screen.findByLabelText('Name')).toHaveValue('I');
    expect(screen.getByLabelText('Example')).toHaveValue('I am here.');
    // The breadcrumb names the record once loaded.
    expect(within(screen.getByRole('navigation', { name: /breadcrumb/i })).getByText('I')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Grammar type is required.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox', { name: 'Grammar type' }), 'subj');
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url.pathname === '/api/catalogs/grammatical-types' && c.url.searchParams.get('q') === 'subj',
        ),
      ).toBe(true),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Subject pronoun' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        name: 'I',
        name_es: null,
        type_id: TYPE_ID,
        example: 'I am here.',
        semantic_complexity: 1,
      }),
    );
  });

  it('offers checkboxes for a list of values (enumArray)', async () => {
    signIn('EDITOR');
    renderApp('/catalogs/formulations/add', () => undefined);
    const group = await screen.findByRole('group', { name: /^Types/ });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3);
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Negative' }));
    expect(within(group).getByRole('checkbox', { name: 'Negative' })).toBeChecked();
  });

  it('previews a picture code', async () => {
    signIn('EDITOR');
    renderApp('/catalogs/topics/add', () => undefined);
    await userEvent.type(await screen.findByLabelText('Picture'), '1F415');
    expect(screen.getByRole('img', { name: 'Picture preview' })).toHaveAttribute('src', '/api/pictures/1f415.svg');
  });

  it('speaks Spanish: labels and schema messages', async () => {
    await i18n.changeLanguage('es');
    signIn('EDITOR');
    renderApp('/catalogs/verbs/add', () => undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Forma base es obligatorio.')).toBeInTheDocument();
    expect(screen.getByLabelText('Tipo')).toBeInTheDocument();
  });

  it('a viewer who opens the form by URL is sent back to the list', async () => {
    signIn('VIEWER');
    const { router } = renderApp('/catalogs/verbs/add', ({ url }) =>
      url.pathname === '/api/catalogs/verbs' ? listAnswer([]) : undefined,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/catalogs/verbs'));
    expect(await screen.findByText('No records yet.')).toBeInTheDocument();
  });
});
