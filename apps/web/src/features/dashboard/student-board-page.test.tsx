import type { NamedStudentBoard, StudentBoard } from '@habla/shared/schemas/dashboards';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { queryClient } from '@/lib/query-client';
import { useStudentSelectionStore } from '@/lib/student-selection-store';
import { setupTestI18n } from '@/test/i18n';
import { json, renderApp, signIn } from '@/test/render-app';
import { makeUser } from '@/test/users';

const LEO = '11111111-1111-4111-8111-111111111111';
const MIA = '33333333-3333-4333-8333-333333333333';
const OUTSIDE = '44444444-4444-4444-8444-444444444444';
const FAR = '2099-01-01T10:00:00.000Z';

const board: Omit<StudentBoard, 'next'> = {
  games: { new: 1, in_progress: 1, expiring_soon: 0, played: 1 },
  recent: [{ id: 'r1', name: 'Find the food', score: 85, passed: true, stars: 2, finished_at: FAR }],
  stars: 2,
  chapters: [],
};
const next: StudentBoard['next'] = [
  { id: 'a-going', name: 'Say what they do', state: 'in_progress', end_time: FAR, expiring_soon: false },
  { id: 'a-new', name: 'What are they doing?', state: 'new', end_time: FAR, expiring_soon: true },
];
const selector = [
  { student_id: LEO, name: 'Leo Walker', workspaces: [] },
  { student_id: MIA, name: 'Mia Johnson', workspaces: [] },
];
const leoBoard: NamedStudentBoard = { id: LEO, full_name: 'Leo Walker', ...board, next };

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => {
  queryClient.clear();
  window.localStorage.removeItem('studentSelection');
  useStudentSelectionStore.setState({ students: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('/dashboards/student', () => {
  it('shows a student their own board: what to play next as big links into the player, their stars and results', async () => {
    signIn('STUDENT', { first_name: 'Leo', account_id: 'acc' });
    renderApp('/dashboards/student', ({ url }) =>
      url.pathname === '/api/dashboards/me'
        ? json({ status: true, data: { kind: 'student', ...board, next } })
        : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Leo!' })).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Play next' });
    const links = within(section).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/players/a-going', '/players/a-new']);
    expect(links[0]).toHaveTextContent('Say what they doIn progress');
    expect(links[0]).toHaveTextContent('Keep playing');
    expect(links[1]).toHaveTextContent('What are they doing?NewEnds soonPlay');
    expect(section).toHaveTextContent('2 stars');
    expect(screen.getByRole('heading', { name: /Recent results/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play my games' })).toHaveAttribute('href', '/players');
  });

  it('tells a student with nothing to play that all is done', async () => {
    signIn('STUDENT', { first_name: 'Leo', account_id: 'acc' });
    renderApp('/dashboards/student', ({ url }) =>
      url.pathname === '/api/dashboards/me'
        ? json({ status: true, data: { kind: 'student', ...board, next: [] } })
        : undefined,
    );
    expect(await screen.findByText('All done! New games will show up here.')).toBeInTheDocument();
  });

  it('lets a therapist choose one of their students and shows that student’s board, without Play links', async () => {
    signIn('THERAPIST', { account_id: 'acc' });
    const { calls } = renderApp('/dashboards/student', ({ url }) => {
      if (url.pathname === '/api/selector') return json({ status: true, data: selector });
      if (url.pathname === `/api/dashboards/students/${LEO}`) return json({ status: true, data: leoBoard });
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Student dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Choose a student' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Student' });
    await waitFor(() => expect(select).toBeEnabled());
    await userEvent.selectOptions(select, 'Leo Walker');
    const section = await screen.findByRole('region', { name: 'What Leo Walker plays next' });
    expect(within(section).queryAllByRole('link')).toEqual([]);
    expect(section).toHaveTextContent('Say what they do');
    expect(screen.getByRole('heading', { name: 'Leo Walker’s games' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Play my games' })).not.toBeInTheDocument();
    // The same choice as the header's selector, kept for the next visit.
    expect(useStudentSelectionStore.getState().students.find((s) => s.selected)?.student_id).toBe(LEO);
    expect(JSON.parse(window.localStorage.getItem('studentSelection') ?? '{}')).toMatchObject({ student_id: LEO });
    expect(calls.map((c) => c.url.pathname)).not.toContain('/api/dashboards/me');
  });

  it('shows nothing of a student the server refuses (404: outside the therapist’s scope), and says so', async () => {
    signIn('THERAPIST', { account_id: 'acc' });
    // A choice kept from before, of a student who has since left the caseload.
    window.localStorage.setItem(
      'studentSelection',
      JSON.stringify({ user_id: 'therapist-id', student_id: OUTSIDE, workspace_id: null }),
    );
    const { calls } = renderApp('/dashboards/student', ({ url }) => {
      if (url.pathname === '/api/selector')
        return json({ status: true, data: [...selector, { student_id: OUTSIDE, name: 'Noah Patel', workspaces: [] }] });
      if (url.pathname === `/api/dashboards/students/${OUTSIDE}`)
        return json({ status: false, errors: ['The record was not found.'] }, 404);
      return undefined;
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This student’s board cannot be shown');
    expect(screen.queryByRole('region', { name: /plays next/ })).not.toBeInTheDocument();
    // Asked once: a 404 is not asked again.
    expect(calls.filter((c) => c.url.pathname === `/api/dashboards/students/${OUTSIDE}`)).toHaveLength(1);
  });

  it('says so to someone with no students (the content team)', async () => {
    signIn('EDITOR');
    const { calls } = renderApp('/dashboards/student', () => undefined);
    expect(await screen.findByRole('heading', { name: 'No students in your care yet.' })).toBeInTheDocument();
    expect(calls.map((c) => c.url.pathname)).not.toContain('/api/selector');
  });
});

describe('signing in', () => {
  it('lands a student on their own board, not on the sections page', async () => {
    useAuthStore.setState({ token: null, user: null });
    const user = makeUser('STUDENT', { first_name: 'Leo', account_id: 'acc' });
    const { router } = renderApp('/', ({ url }) => {
      if (url.pathname === '/api/auth/csrf-cookie') return new Response(null, { status: 204 });
      if (url.pathname === '/api/auth/login') return json({ status: true, data: user, token: 'tok-student' });
      if (url.pathname === '/api/dashboards/me')
        return json({ status: true, data: { kind: 'student', ...board, next } });
      return undefined;
    });
    await userEvent.type(await screen.findByLabelText('E-mail or username'), 'student');
    await userEvent.type(screen.getByLabelText('Password'), 'Habla-Demo-2026{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards/student'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Leo!' })).toBeInTheDocument();
  });
});
