import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, listAnswer, renderApp, served, signIn, stamp, writesOf } from '@/test/render-app';

const TYPE_ID = '66666666-6666-4666-8666-666666666666';
const TOPIC_ID = '77777777-7777-4777-8777-777777777777';
const topicType = {
  id: TYPE_ID,
  name: 'Animals & nature',
  name_es: 'Animales y naturaleza',
  description: null,
  ...stamp,
  created_by_name: 'Ana Pérez',
};
const topic = {
  id: TOPIC_ID,
  name: 'Animals',
  name_es: 'Animales',
  topic_type_id: TYPE_ID,
  topic_type: { id: TYPE_ID, label: 'Animals & nature' },
  picture: '1f415',
  description: 'Pets and wild animals.',
  ...stamp,
};

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('record show page', () => {
  it('shows every field, relations as links, the picture, details and the record in the breadcrumbs', async () => {
    signIn('VIEWER');
    renderApp(`/catalogs/topics/${TOPIC_ID}`, ({ url }) =>
      url.pathname === `/api/catalogs/topics/${TOPIC_ID}`
        ? json({ status: true, data: served('topics', topic) })
        : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Animals' })).toBeInTheDocument();
    expect(screen.getByText('Pets and wild animals.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Animals & nature' })).toHaveAttribute(
      'href',
      `/catalogs/topicType/${TYPE_ID}`,
    );
    expect(screen.getByRole('img', { name: 'Animals' })).toHaveAttribute('src', '/api/pictures/1f415.svg');
    expect(within(screen.getByRole('region', { name: 'Details' })).getByText(TOPIC_ID)).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: /breadcrumb/i })).getByText('Animals')).toBeInTheDocument();
    // A viewer: no edit or delete.
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Full view' })).toHaveAttribute(
      'href',
      `/catalogs/topics/${TOPIC_ID}/full`,
    );
  });

  it('a deleted record says so and an editor restores it', async () => {
    signIn('EDITOR');
    let deleted = true;
    const { calls } = renderApp(`/catalogs/topics/${TOPIC_ID}`, ({ url, method }) => {
      if (url.pathname === `/api/catalogs/topics/${TOPIC_ID}` && method === 'GET')
        return json({
          status: true,
          data: served('topics', { ...topic, deleted_at: deleted ? '2026-11-03T10:00:00.000Z' : null }),
        });
      if (url.pathname === `/api/catalogs/topics/${TOPIC_ID}/restore`) {
        deleted = false;
        return json({ status: true, data: topic, message: 'The record was restored.' });
      }
      return undefined;
    });
    expect(await screen.findByText('This record is in the trash.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([{ method: 'POST', path: `/api/catalogs/topics/${TOPIC_ID}/restore`, body: {} }]);
    expect(screen.queryByText('This record is in the trash.')).not.toBeInTheDocument();
  });

  it('an editor deletes after confirming; cancelling deletes nothing', async () => {
    signIn('EDITOR');
    let deleted = false;
    const { calls } = renderApp(`/catalogs/topics/${TOPIC_ID}`, ({ url, method }) => {
      if (url.pathname === `/api/catalogs/topics/${TOPIC_ID}` && method === 'GET')
        return json({
          status: true,
          data: served('topics', { ...topic, deleted_at: deleted ? '2026-11-03T10:00:00.000Z' : null }),
        });
      if (url.pathname === `/api/catalogs/topics/${TOPIC_ID}` && method === 'DELETE') {
        deleted = true;
        return json({ status: true, message: 'The record was moved to the trash.' });
      }
      return undefined;
    });
    const del = await screen.findByRole('button', { name: 'Delete' });
    await userEvent.click(del);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(del).toHaveFocus();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(del);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The record was moved to the trash.')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([{ method: 'DELETE', path: `/api/catalogs/topics/${TOPIC_ID}`, body: undefined }]);
    // The page reloads the record, which now says it is in the trash.
    expect(await screen.findByText('This record is in the trash.')).toBeInTheDocument();
  });

  it('a missing record shows the error with a way back', async () => {
    signIn('VIEWER');
    renderApp(`/catalogs/topics/${TOPIC_ID}`, ({ url }) =>
      url.pathname === `/api/catalogs/topics/${TOPIC_ID}`
        ? json({ status: false, errors: ['Not found'], code: 'NOT_FOUND' }, 404)
        : undefined,
    );
    expect(await screen.findByText('This record could not be loaded. It may not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/catalogs/topics');
  });
});

describe('record full view', () => {
  it('lists the related records of other catalogs, with a link to the whole filtered list', async () => {
    signIn('VIEWER');
    const topics = Array.from({ length: 10 }, (_, i) => ({
      ...topic,
      id: `7777777${i}-7777-4777-8777-777777777777`,
      name: `Topic ${i}`,
    }));
    const { calls } = renderApp(`/catalogs/topicType/${TYPE_ID}/full`, ({ url }) => {
      if (url.pathname === `/api/catalogs/topic-types/${TYPE_ID}`) return json({ status: true, data: topicType });
      if (url.pathname === '/api/catalogs/topics') return listAnswer(topics, 14);
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Animals & nature' })).toBeInTheDocument();
    const related = await screen.findByRole('region', { name: 'Topics' });
    expect(await within(related).findByRole('link', { name: 'Topic 0' })).toHaveAttribute(
      'href',
      `/catalogs/topics/${topics[0]!.id}`,
    );
    expect(within(related).getByText('14 records')).toBeInTheDocument();
    expect(within(related).getByRole('link', { name: 'See all 14 in the Topics list' })).toHaveAttribute(
      'href',
      `/catalogs/topics?topic_type_id=${TYPE_ID}`,
    );
    expect(calls.find((c) => c.url.pathname === '/api/catalogs/topics')?.url.searchParams.get('topic_type_id')).toBe(
      TYPE_ID,
    );
    expect(within(screen.getByRole('region', { name: 'Details' })).getByText(/Ana Pérez/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show' })).toHaveAttribute('href', `/catalogs/topicType/${TYPE_ID}`);
  });
});
