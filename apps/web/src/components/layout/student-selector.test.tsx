import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { selectedStudent, useStudentSelectionStore } from '@/lib/student-selection-store';
import { widgetsReady } from '@/test/first-paint';
import { setupTestI18n } from '@/test/i18n';
import { json, renderApp, signIn } from '@/test/render-app';

const list = [
  {
    student_id: 's1',
    name: 'Leo Walker',
    workspaces: [
      { id: 'w1', name: 'Leo · School', type: 'school' },
      { id: 'w2', name: 'Leo · Home', type: 'home' },
    ],
  },
  { student_id: 's2', name: 'Mia Johnson', workspaces: [{ id: 'w3', name: 'Mia · Home', type: 'home' }] },
];

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => {
  queryClient.clear();
  window.localStorage.removeItem('studentSelection');
  useStudentSelectionStore.setState({ students: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('student and workspace selector', () => {
  it('lists what the server allows; choosing a workspace selects it and its student and clears every other selection', async () => {
    signIn('THERAPIST', { account_id: 'acc' });
    renderApp('/dashboards', ({ url }) =>
      url.pathname === '/api/selector' ? json({ status: true, data: list }) : undefined,
    );
    await screen.findByRole('button', { name: 'Student and workspace: Choose a student' });
    await widgetsReady();
    await userEvent.click(screen.getByRole('button', { name: 'Student and workspace: Choose a student' }));
    await userEvent.click(await screen.findByRole('button', { name: /Leo · Home/ }));
    await waitFor(() =>
      expect(selectedStudent(useStudentSelectionStore.getState().students)).toEqual({
        student_id: 's1',
        workspace_id: 'w2',
      }),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Student and workspace: Leo Walker · Leo · Home' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: /Mia · Home/ }));
    await waitFor(() =>
      expect(selectedStudent(useStudentSelectionStore.getState().students)).toEqual({
        student_id: 's2',
        workspace_id: 'w3',
      }),
    );
    const state = useStudentSelectionStore.getState().students;
    expect(state.filter((s) => s.selected)).toHaveLength(1);
    expect(state.flatMap((s) => s.workspaces).filter((w) => w.selected)).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem('studentSelection') ?? 'null')).toEqual({
      user_id: 'therapist-id',
      student_id: 's2',
      workspace_id: 'w3',
    });
  });

  it('brings the last choice back after a reload, but not for another user', async () => {
    window.localStorage.setItem(
      'studentSelection',
      JSON.stringify({ user_id: 'therapist-id', student_id: 's1', workspace_id: 'w1' }),
    );
    signIn('THERAPIST', { account_id: 'acc' });
    renderApp('/dashboards', ({ url }) =>
      url.pathname === '/api/selector' ? json({ status: true, data: list }) : undefined,
    );
    await screen.findByRole('button', { name: 'Student and workspace: Leo Walker · Leo · School' });
    await widgetsReady();
    expect(
      screen.getByRole('button', { name: 'Student and workspace: Leo Walker · Leo · School' }),
    ).toBeInTheDocument();
  });

  it('ignores a saved choice of another user', async () => {
    window.localStorage.setItem(
      'studentSelection',
      JSON.stringify({ user_id: 'someone-else', student_id: 's1', workspace_id: 'w1' }),
    );
    signIn('THERAPIST', { account_id: 'acc' });
    renderApp('/dashboards', ({ url }) =>
      url.pathname === '/api/selector' ? json({ status: true, data: list }) : undefined,
    );
    await screen.findByRole('button', { name: 'Student and workspace: Choose a student' });
    await widgetsReady();
    expect(screen.getByRole('button', { name: 'Student and workspace: Choose a student' })).toBeInTheDocument();
  });

  it.each(['EDITOR', 'STUDENT'] as const)('is not shown to a %s, who has no student to choose', async (role) => {
    signIn(role, role === 'STUDENT' ? { account_id: 'acc' } : {});
    const { calls } = renderApp('/dashboards', () => undefined);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Student and workspace/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/selector')).toBe(false);
  });
});
