import type { TENANCY_RESOURCES } from '@habla/shared/resources/tenancy';
import type { ResourceRow } from '@habla/shared/schemas/resource-row';
import type { AssignResult } from '@habla/shared/schemas/assignments';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SearchField } from '@/components/ui/search-field';
import { TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';

/** A student as `/api/clients` answers it (packages/shared/src/resources/tenancy.ts). */
type Student = ResourceRow<typeof TENANCY_RESOURCES.clients>;
export type AssignGame = { id: string; name: string };

/**
 * Assign completed games to students of one's caseload, from a game's page, the games
 * list's selection, a chapter's page or a student's page: `games` are the games to give (all of them
 * chosen, or, with `pickGames`, offered with a search for more); `student`, when given, is the one
 * student (no student list). Then the tries allowed and, if not the configured number of days, the
 * last day. Each student gets a frozen copy; one that already has a game open is skipped, and the
 * answer says so.
 */
export function AssignDialog({
  games,
  student,
  pickGames = false,
  defaultAttempts,
  open,
  onClose,
}: {
  games: AssignGame[];
  student?: { id: string; name: string };
  pickGames?: boolean;
  defaultAttempts: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [q, setQ] = useState('');
  const [gq, setGq] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [gameChoice, setGameChoice] = useState<Map<string, string> | null>(null);
  // The games to give: those passed in until the user changes the choice.
  const chosenGames = gameChoice ?? new Map(games.map((g) => [g.id, g.name]));
  const found = useQuery({
    queryKey: ['assign', 'games', gq.trim()],
    queryFn: ({ signal }) =>
      api
        .get<{ data: AssignGame[] }>('/api/games', {
          query: { max: 20, page: 0, game_status: 'COMPLETED', ...(gq.trim() ? { q: gq.trim() } : {}) },
          signal,
          silentSuccess: true,
        })
        .then((r) => r.data),
    enabled: open && pickGames,
  });
  const offered = pickGames
    ? [...games, ...(found.data ?? []).filter((g) => !games.some((x) => x.id === g.id))]
    : games;
  const [attempts, setAttempts] = useState(String(defaultAttempts));
  const [endDate, setEndDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ assigned: number; skipped: number } | null>(null);
  const students = useQuery({
    queryKey: ['assign', 'students', q.trim()],
    queryFn: ({ signal }) =>
      api
        .get<{ data: Student[] }>('/api/clients', {
          query: { max: 50, page: 0, ...(q.trim() ? { q: q.trim() } : {}) },
          signal,
          silentSuccess: true,
        })
        .then((r) => r.data),
    enabled: open && !student,
  });

  const close = () => {
    setChosen(new Set());
    setGameChoice(null);
    setGq('');
    setErrors({});
    setDone(null);
    setQ('');
    onClose();
  };
  const send = async () => {
    const studentIds = student ? [student.id] : [...chosen];
    if (!chosenGames.size) {
      setErrors({ game_ids: t('assign.chooseGames') });
      return;
    }
    if (!studentIds.length) {
      setErrors({ student_ids: t('assign.chooseStudents') });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const body: Record<string, unknown> = {
        game_ids: [...chosenGames.keys()],
        student_ids: studentIds,
        max_attempts: Number(attempts),
      };
      if (endDate) body.end_time = new Date(`${endDate}T23:59:59`).toISOString();
      const res = await api.post<{ data: AssignResult }>('/api/games/assign', body);
      setDone({ assigned: res.data.assigned.length, skipped: res.data.skipped });
      // Lists of assignments and dashboards show the new ones.
      void queryClient.invalidateQueries({ queryKey: ['assignments'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    } catch (failure) {
      if (failure instanceof ApiError)
        setErrors(
          Object.keys(failure.fields).length
            ? failure.fields
            : { [student ? 'game_ids' : 'student_ids']: failure.message },
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto p-2 sm:p-4">
        <div className="flex min-h-full items-center justify-center">
          <DialogPanel className="w-full max-w-lg rounded-2xl bg-white p-5 shadow-xl sm:p-6">
            <DialogTitle className="text-lg font-semibold text-slate-900">
              {student
                ? t('assign.titleStudent', { name: student.name })
                : games.length === 1 && !pickGames
                  ? t('assign.title', { name: games[0]!.name })
                  : t('assign.titleMany', { count: chosenGames.size })}
            </DialogTitle>
            {done ? (
              <div className="mt-4 flex flex-col gap-4">
                <p role="status" className="text-slate-800">
                  {t('assign.done', { count: done.assigned })}{' '}
                  {done.skipped > 0 && t('assign.skipped', { count: done.skipped })}
                </p>
                <div className="flex justify-end">
                  <Button onClick={close}>{t('assign.close')}</Button>
                </div>
              </div>
            ) : (
              <form
                className="mt-4 flex flex-col gap-4"
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void send();
                }}
              >
                {pickGames || games.length > 1 ? (
                  <CheckList
                    id={`${id}-games`}
                    legend={t('assign.games')}
                    search={pickGames ? { label: t('assign.searchGames'), value: gq, onChange: setGq } : undefined}
                    items={offered.map((g) => ({ id: g.id, label: g.name }))}
                    checked={(gameId) => chosenGames.has(gameId)}
                    onToggle={(item, on) => {
                      const next = new Map(chosenGames);
                      if (on) next.set(item.id, item.label);
                      else next.delete(item.id);
                      setGameChoice(next);
                    }}
                    empty={t('assign.noGames')}
                    error={errors.game_ids}
                    listClassName="max-h-48"
                  />
                ) : null}
                {student ? (
                  <p className="text-sm text-slate-700">{t('assign.forStudent', { name: student.name })}</p>
                ) : (
                  <CheckList
                    id={`${id}-students`}
                    legend={t('assign.students')}
                    search={{ label: t('assign.search'), value: q, onChange: setQ }}
                    items={students.data?.map((s) => ({ id: s.id, label: s.full_name || s.username || s.id }))}
                    checked={(studentId) => chosen.has(studentId)}
                    onToggle={(item, on) => {
                      const next = new Set(chosen);
                      if (on) next.add(item.id);
                      else next.delete(item.id);
                      setChosen(next);
                    }}
                    empty={t('assign.noStudents')}
                    error={errors.student_ids ?? (pickGames || games.length > 1 ? undefined : errors.game_ids)}
                    listClassName="max-h-56"
                  />
                )}
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField
                    label={t('assign.maxAttempts')}
                    type="number"
                    min={1}
                    max={20}
                    value={attempts}
                    error={errors.max_attempts}
                    onChange={(e) => setAttempts(e.target.value)}
                  />
                  <TextField
                    label={t('assign.endDate')}
                    description={t('assign.endDateHelp')}
                    type="date"
                    value={endDate}
                    error={errors.end_time}
                    onChange={(e) => setEndDate(e.target.value)}
                  />
                </div>
                <div className="flex justify-end gap-2">
                  <Button variant="secondary" onClick={close}>
                    {t('records.cancel')}
                  </Button>
                  <Button type="submit" loading={busy}>
                    {student
                      ? t('assign.submitGames', { count: chosenGames.size })
                      : t('assign.submit', { count: chosen.size })}
                  </Button>
                </div>
              </form>
            )}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

type CheckItem = { id: string; label: string };

/**
 * A fieldset of checkboxes with, optionally, a search above it: the games or the students to assign.
 * `items` undefined while they load (no "none found" yet); the error under the list is announced.
 */
function CheckList({
  id,
  legend,
  search,
  items,
  checked,
  onToggle,
  empty,
  error,
  listClassName,
}: {
  id: string;
  legend: string;
  search?: { label: string; value: string; onChange: (value: string) => void };
  items: CheckItem[] | undefined;
  checked: (id: string) => boolean;
  onToggle: (item: CheckItem, on: boolean) => void;
  empty: string;
  error?: string;
  listClassName: string;
}) {
  return (
    <fieldset aria-describedby={`${id}-error`}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {search && (
        <SearchField
          id={`${id}-q`}
          label={search.label}
          className="mt-1.5"
          value={search.value}
          placeholder={search.label}
          onChange={(e) => search.onChange(e.target.value)}
        />
      )}
      <ul className={`mt-2 overflow-y-auto rounded-lg ring-1 ring-slate-200 ${listClassName}`}>
        {(items ?? []).map((item) => (
          <li key={item.id} className="border-b border-slate-100 last:border-0">
            <label className="flex min-h-11 items-center gap-3 px-3 text-slate-800 hover:bg-slate-50">
              <input
                type="checkbox"
                className="size-4 accent-teal-700"
                checked={checked(item.id)}
                onChange={(e) => onToggle(item, e.target.checked)}
              />
              {item.label}
            </label>
          </li>
        ))}
        {items?.length === 0 && <li className="px-3 py-3 text-sm text-slate-600">{empty}</li>}
      </ul>
      <p id={`${id}-error`} aria-live="polite" className="mt-1 text-sm text-red-700">
        {error}
      </p>
    </fieldset>
  );
}
