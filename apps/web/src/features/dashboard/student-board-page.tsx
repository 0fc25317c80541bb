import { ROLES } from '@habla/shared/roles';
import type { NamedStudentBoard, StudentBoard } from '@habla/shared/schemas/dashboards';
import type { SelectorStudent } from '@habla/shared/schemas/tenancy';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CalendarClock, Gamepad2, GraduationCap, Play, SearchX, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/format';
import { writeJson, STORAGE_KEYS } from '@/lib/storage';
import { selectedStudent, selectStudent, useStudentSelectionStore } from '@/lib/student-selection-store';
import { worksWithStudents } from '@/lib/works-with-students';
import { BoardPlaceholder, StudentBoardView, useBoard } from './play-panel';

/**
 * `/dashboards/student` (docs/product.md §6 "Dashboards"): a student's own board — what to play
 * next in big cards, their stars, results and chapters. A student sees theirs; an adult sees the
 * board of the student chosen in the header's selector (or in the page's own list, which makes the
 * same choice), and the server answers 404 for a student outside their scope (docs/product.md §2).
 */
export function StudentBoardPage() {
  const user = useAuthStore((s) => s.user);
  return user?.role === ROLES.STUDENT ? <OwnBoard /> : <ChosenBoard />;
}

/** The signed-in student's board, from the same answer as `/dashboards` (`GET /api/dashboards/me`). */
function OwnBoard() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const board = useBoard();
  const name = user?.first_name || user?.username || '';
  return (
    <>
      <PageHeader title={t('dashboard.student.hello', { name })} description={t('dashboard.student.helloLead')} />
      {board.isPending ? (
        <BoardPlaceholder />
      ) : board.data?.kind === 'student' ? (
        <>
          <NextGames d={board.data} />
          <StudentBoardView d={board.data} />
        </>
      ) : (
        <EmptyState icon={Gamepad2} title={t('player.emptyTitle')}>
          {t('player.emptyText')}
        </EmptyState>
      )}
    </>
  );
}

type SavedChoice = { user_id: string; student_id: string; workspace_id: string | null };

/** The students the header's selector lists (`GET /api/selector`): the same query, so one request serves both. */
function useSelectorStudents(enabled: boolean, userId: string | undefined) {
  return useQuery({
    queryKey: ['selector', userId],
    queryFn: () => api.get<{ data: SelectorStudent[] }>('/api/selector', { silent: true }),
    enabled,
    staleTime: 60_000,
  });
}

/** An adult's view: the chosen student's board, with a list to choose another. */
function ChosenBoard() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const enabled = worksWithStudents(user);
  const students = useSelectorStudents(enabled, user?.id);
  const list = students.data?.data ?? [];
  const chosen = useStudentSelectionStore((s) => selectedStudent(s.students)?.student_id ?? null);

  // The same choice as the header's selector: every other screen centred on a student follows it.
  const choose = (studentId: string) => {
    const store = useStudentSelectionStore.getState();
    const known = store.students.length
      ? store.students
      : list.map((s) => ({
          student_id: s.student_id,
          selected: false,
          workspaces: s.workspaces.map((w) => ({ id: w.id, selected: false })),
        }));
    store.setStudents(selectStudent(known, studentId));
    if (user)
      writeJson(STORAGE_KEYS.studentSelection, {
        user_id: user.id,
        student_id: studentId,
        workspace_id: null,
      } satisfies SavedChoice);
  };

  const header = <PageHeader title={t('pages.studentDashboard')} description={t('dashboard.student.adultLead')} />;
  if (!enabled || (students.isSuccess && list.length === 0))
    return (
      <>
        {header}
        <EmptyState icon={GraduationCap} title={t('home.noStudents')} />
      </>
    );
  return (
    <>
      {header}
      <div className="mb-6 max-w-sm">
        <SelectField
          label={t('dashboard.student.choose')}
          placeholder={t('selector.choose')}
          options={list.map((s) => ({ value: s.student_id, label: s.name }))}
          value={chosen && list.some((s) => s.student_id === chosen) ? chosen : ''}
          disabled={students.isPending}
          onChange={(e) => e.target.value && choose(e.target.value)}
        />
      </div>
      {chosen ? (
        <ChildBoard key={chosen} studentId={chosen} />
      ) : (
        !students.isPending && (
          <EmptyState icon={GraduationCap} title={t('dashboard.student.pick')}>
            {t('dashboard.student.pickLead')}
          </EmptyState>
        )
      )}
    </>
  );
}

/** One student's board as an adult sees it (`GET /api/dashboards/students/:id`): no Play buttons. */
function ChildBoard({ studentId }: { studentId: string }) {
  const { t } = useTranslation();
  const board = useQuery({
    queryKey: ['dashboard', 'student', studentId],
    queryFn: ({ signal }) =>
      api
        .get<{ data: NamedStudentBoard }>(`/api/dashboards/students/${studentId}`, { signal, silent: true })
        .then((r) => r.data),
    // A student outside the caller's scope is a 404: asking again would answer the same.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  if (board.isPending) return <BoardPlaceholder />;
  if (!board.data)
    return (
      <div role="alert">
        <EmptyState icon={SearchX} title={t('dashboard.student.notFound')}>
          {t('dashboard.student.notFoundLead')}
        </EmptyState>
      </div>
    );
  const name = board.data.full_name ?? '';
  return (
    <>
      <NextGames d={board.data} child={name} />
      <StudentBoardView d={board.data} child={name} />
    </>
  );
}

/** The last day to play, as a child reads it: "Saturday, December 5" (no year, no time). */
const UNTIL: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };

const STATE_STYLE: Record<StudentBoard['next'][number]['state'], string> = {
  new: 'bg-amber-100 text-amber-900',
  in_progress: 'bg-sky-100 text-sky-900',
  played: 'bg-emerald-100 text-emerald-900',
};

/**
 * What to play next, big and bright: up to four games, each a large card. For the student each card
 * is a link that starts the game (`/players/<assignment>`); for an adult it only says what is waiting
 * (the child plays with their own sign-in).
 */
function NextGames({ d, child }: { d: Pick<StudentBoard, 'next' | 'stars'>; child?: string }) {
  const { t, i18n } = useTranslation();
  const title = child ? t('dashboard.student.childNext', { name: child }) : t('dashboard.student.next');
  return (
    <section
      aria-labelledby="next-games"
      className="mb-8 rounded-3xl bg-gradient-to-br from-teal-50 to-amber-50 p-4 ring-1 ring-teal-100 sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="next-games" className="text-xl font-bold text-slate-900 sm:text-2xl">
          {title}
        </h2>
        <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-lg font-bold text-amber-800 ring-1 ring-amber-200">
          <Star aria-hidden="true" className="size-6 fill-amber-400 text-amber-500" />
          {t('home.starsTotal', { count: d.stars })}
        </p>
      </div>
      {d.next.length === 0 ? (
        <p className="rounded-2xl bg-white p-5 text-lg text-slate-700">
          {child ? t('dashboard.student.childAllDone', { name: child }) : t('dashboard.student.allDone')}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {d.next.map((g) => {
            const body = (
              <>
                <span className="flex items-start gap-3">
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-teal-100 text-teal-800">
                    <Gamepad2 aria-hidden="true" className="size-7" />
                  </span>
                  <span className="text-lg leading-snug font-bold break-words text-slate-900">{g.name}</span>
                </span>
                <span className="flex flex-wrap items-center gap-2 text-sm">
                  <span className={clsx('rounded-full px-2.5 py-0.5 font-semibold', STATE_STYLE[g.state])}>
                    {t(`player.state.${g.state}`)}
                  </span>
                  {g.expiring_soon ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-rose-100 px-2.5 py-0.5 font-semibold text-rose-900">
                      <CalendarClock aria-hidden="true" className="size-4" />
                      {t('player.expiringSoon')}
                    </span>
                  ) : (
                    <span className="text-slate-600">
                      {t('dashboard.student.endsOn', { date: formatDateTime(i18n.language, g.end_time, UNTIL) })}
                    </span>
                  )}
                </span>
              </>
            );
            return (
              <li key={g.id}>
                {child ? (
                  <div className="flex h-full flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                    {body}
                  </div>
                ) : (
                  <Link
                    to={`/players/${g.id}`}
                    className="group flex h-full flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-2 hover:ring-teal-600 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
                  >
                    {body}
                    <span className="mt-auto inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-teal-700 px-4 text-lg font-bold text-white group-hover:bg-teal-800">
                      <Play aria-hidden="true" className="size-5" />
                      {g.state === 'in_progress' ? t('dashboard.student.goOn') : t('dashboard.student.play')}
                    </span>
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
