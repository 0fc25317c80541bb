import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, listAnswer, renderApp, served, signIn, stamp, writesOf } from '@/test/render-app';

const LEVEL = '11111111-1111-4111-8111-111111111111';
const ids = [
  '22222222-2222-4222-8222-222222222221',
  '22222222-2222-4222-8222-222222222222',
  '22222222-2222-4222-8222-222222222223',
];
const level = {
  id: LEVEL,
  name: 'Building sentences',
  slug: 'building-sentences',
  position: 2,
  notes: null,
  chapters_count: 3,
  games_count: 0,
  activities_count: 0,
  type_ids: [],
  verb_tense_ids: [],
  goal_ids: [],
  ...stamp,
};
const chapter = (i: number, name: string) => ({
  id: ids[i]!,
  name,
  level_id: LEVEL,
  level: { id: LEVEL, label: level.name },
  position: i + 1,
  notes: null,
  games_count: 0,
  ...stamp,
});
const chapters = [chapter(0, 'Two-word combinations'), chapter(1, 'Subject-verb-object'), chapter(2, 'Plurals')];

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

const names = () =>
  within(within(screen.getByRole('region', { name: 'Chapter order' })).getByRole('list'))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('ordered children on the parent show page', () => {
  it('an editor moves a chapter by keyboard: picked up, moved with the arrows, dropped, announced and saved as the full order', async () => {
    signIn('EDITOR');
    const { calls } = renderApp(`/levels/${LEVEL}`, ({ url, method }) => {
      if (url.pathname === `/api/levels/${LEVEL}`) return json({ status: true, data: served('levels', level) });
      if (url.pathname === '/api/chapters' && method === 'GET')
        return listAnswer(chapters.map((c) => served('chapters', c)));
      if (url.pathname === `/api/levels/${LEVEL}/chapters/order`) return json({ status: true, data: [] });
      return undefined;
    });
    await screen.findByRole('region', { name: 'Chapter order' });
    await waitFor(() => expect(names()).toEqual(['Two-word combinations', 'Subject-verb-object', 'Plurals']));
    const handle = screen.getByRole('button', { name: 'Move Plurals, position 3 of 3' });
    handle.focus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('status')).toHaveTextContent('Plurals picked up at position 3 of 3');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('status')).toHaveTextContent('Plurals moved to position 1 of 3');
    expect(names()).toEqual(['Plurals', 'Two-word combinations', 'Subject-verb-object']);
    expect(writesOf(calls)).toEqual([]);
    await userEvent.keyboard(' ');
    expect(screen.getByRole('status')).toHaveTextContent('Plurals dropped at position 1 of 3');
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([
        { method: 'PUT', path: `/api/levels/${LEVEL}/chapters/order`, body: { ids: [ids[2], ids[0], ids[1]] } },
      ]),
    );
  });

  it('Escape puts the chapter back; a refused save rolls the order back', async () => {
    signIn('EDITOR');
    renderApp(`/levels/${LEVEL}`, ({ url, method }) => {
      if (url.pathname === `/api/levels/${LEVEL}`) return json({ status: true, data: served('levels', level) });
      if (url.pathname === '/api/chapters' && method === 'GET')
        return listAnswer(chapters.map((c) => served('chapters', c)));
      if (url.pathname === `/api/levels/${LEVEL}/chapters/order`)
        return json(
          { status: false, errors: ['The order of the list changed since you loaded it: reload and try again.'] },
          409,
        );
      return undefined;
    });
    await screen.findByRole('region', { name: 'Chapter order' });
    await waitFor(() => expect(names()).toHaveLength(3));
    screen.getByRole('button', { name: 'Move Two-word combinations, position 1 of 3' }).focus();
    await userEvent.keyboard(' {ArrowDown}{Escape}');
    expect(names()).toEqual(['Two-word combinations', 'Subject-verb-object', 'Plurals']);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Move cancelled. Two-word combinations is back at position 1 of 3',
    );
    await userEvent.keyboard(' {ArrowDown} ');
    await waitFor(() => expect(names()).toEqual(['Two-word combinations', 'Subject-verb-object', 'Plurals']));
  });

  it('a viewer sees the chapters in order with no move handles', async () => {
    signIn('VIEWER');
    renderApp(`/levels/${LEVEL}`, ({ url }) => {
      if (url.pathname === `/api/levels/${LEVEL}`) return json({ status: true, data: served('levels', level) });
      if (url.pathname === '/api/chapters') return listAnswer(chapters.map((c) => served('chapters', c)));
      return undefined;
    });
    await screen.findByRole('region', { name: 'Chapter order' });
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(screen.getByRole('link', { name: 'Plurals' })).toHaveAttribute('href', `/chapters/${ids[2]}`);
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
  });
});

describe('adding a child from its parent', () => {
  it("the level's Add Chapter link opens the form with the level chosen, and the new chapter is created under it", async () => {
    signIn('EDITOR');
    const { calls } = renderApp(`/levels/${LEVEL}`, ({ url, method }) => {
      if (url.pathname === `/api/levels/${LEVEL}`) return json({ status: true, data: served('levels', level) });
      if (url.pathname === '/api/chapters' && method === 'GET')
        return listAnswer(chapters.map((c) => served('chapters', c)));
      if (url.pathname === '/api/chapters' && method === 'POST')
        return json(
          {
            status: true,
            data: served('chapters', {
              ...chapter(0, 'Questions'),
              id: '33333333-3333-4333-8333-333333333333',
              position: 4,
            }),
          },
          201,
        );
      if (url.pathname === '/api/chapters/33333333-3333-4333-8333-333333333333')
        return json({
          status: true,
          data: served('chapters', {
            ...chapter(0, 'Questions'),
            id: '33333333-3333-4333-8333-333333333333',
            position: 4,
          }),
        });
      return undefined;
    });
    const region = await screen.findByRole('region', { name: 'Chapter order' });
    await userEvent.click(within(region).getByRole('link', { name: 'Add Chapter' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Questions');
    expect(screen.getByRole('combobox', { name: /^Level/ })).toHaveValue('Building sentences');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/chapters')).toBe(true),
    );
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/chapters')!;
    expect(post.body).toMatchObject({ name: 'Questions', level_id: LEVEL });
  });

  it('a viewer, who may not create chapters, gets no Add link', async () => {
    signIn('VIEWER');
    renderApp(`/levels/${LEVEL}`, ({ url, method }) => {
      if (url.pathname === `/api/levels/${LEVEL}`) return json({ status: true, data: served('levels', level) });
      if (url.pathname === '/api/chapters' && method === 'GET')
        return listAnswer(chapters.map((c) => served('chapters', c)));
      return undefined;
    });
    const region = await screen.findByRole('region', { name: 'Chapter order' });
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(within(region).queryByRole('link', { name: 'Add Chapter' })).not.toBeInTheDocument();
  });

  it('an editor gets no Add link under a level the server says they may not change (a completed game, for its activities)', async () => {
    signIn('EDITOR');
    renderApp(`/levels/${LEVEL}`, ({ url, method }) => {
      if (url.pathname === `/api/levels/${LEVEL}`)
        return json({ status: true, data: { ...served('levels', level), _actions: ['read'] } });
      if (url.pathname === '/api/chapters' && method === 'GET')
        return listAnswer(chapters.map((c) => served('chapters', c)));
      return undefined;
    });
    const region = await screen.findByRole('region', { name: 'Chapter order' });
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(within(region).queryByRole('link', { name: 'Add Chapter' })).not.toBeInTheDocument();
  });
});
