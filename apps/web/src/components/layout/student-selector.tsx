import type { SelectorStudent } from '@habla/shared/schemas/tenancy';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { Check, ChevronDown, GraduationCap } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstPaint } from '@/components/ui/after-first-paint';
import { api } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { readJson, removeItems, STORAGE_KEYS, writeJson } from '@/lib/storage';
import { worksWithStudents } from '@/lib/works-with-students';
import { selectStudent, selectedStudent, useStudentSelectionStore } from '@/lib/student-selection-store';

type SavedChoice = { user_id: string; student_id: string; workspace_id: string | null };

const buttonClasses =
  'flex h-10 max-w-[11rem] items-center gap-2 rounded-full border border-slate-200 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600 sm:max-w-xs';

const optionClasses =
  'flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-teal-50 focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600';

/**
 * The header's student and workspace selector (seed §4): the students the user may see (the server
 * decides), each with their workspaces. Choosing one clears every other selection; the choice
 * scopes the student-centred screens.
 */
export function StudentSelector() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const enabled = worksWithStudents(user);
  const { students, setStudents, select, clearSelection } = useStudentSelectionStore();
  const [filter, setFilter] = useState('');
  const query = useQuery({
    queryKey: ['selector', user?.id],
    queryFn: () => api.get<{ data: SelectorStudent[] }>('/api/selector', { silent: true }),
    enabled,
    staleTime: 60_000,
  });
  const list = useMemo(() => query.data?.data ?? [], [query.data]);

  // Keep the seed's selection store in step with what the server lists (a selection survives a refresh of the list).
  useEffect(() => {
    if (!query.data) return;
    const current = useStudentSelectionStore.getState().students;
    let next = list.map((s) => {
      const was = current.find((c) => c.student_id === s.student_id);
      return {
        student_id: s.student_id,
        selected: was?.selected ?? false,
        workspaces: s.workspaces.map((w) => ({
          id: w.id,
          selected: was?.workspaces.find((x) => x.id === w.id)?.selected ?? false,
        })),
      };
    });
    // After a reload, the user's last choice comes back if they may still see that student.
    const saved = readJson<SavedChoice>(STORAGE_KEYS.studentSelection);
    if (
      !selectedStudent(next) &&
      saved &&
      saved.user_id === user?.id &&
      next.some((s) => s.student_id === saved.student_id)
    ) {
      next = selectStudent(next, saved.student_id, saved.workspace_id ?? undefined);
    }
    setStudents(next);
  }, [query.data, list, setStudents, user?.id]);

  const choose = (studentId: string, workspaceId?: string) => {
    select(studentId, workspaceId);
    if (user)
      writeJson(STORAGE_KEYS.studentSelection, {
        user_id: user.id,
        student_id: studentId,
        workspace_id: workspaceId ?? null,
      } satisfies SavedChoice);
  };

  if (!enabled || (query.isSuccess && list.length === 0)) return null;
  const chosen = selectedStudent(students);
  const chosenStudent = chosen ? list.find((s) => s.student_id === chosen.student_id) : undefined;
  const chosenWorkspace = chosenStudent?.workspaces.find((w) => w.id === chosen?.workspace_id);
  const label = chosenStudent
    ? chosenWorkspace
      ? `${chosenStudent.name} · ${chosenWorkspace.name}`
      : chosenStudent.name
    : t('selector.choose');
  const shown = filter.trim() ? list.filter((s) => s.name.toLowerCase().includes(filter.trim().toLowerCase())) : list;

  const face = (
    <>
      <GraduationCap className="size-4 shrink-0 text-teal-700" aria-hidden="true" />
      <span className="truncate">{label}</span>
      <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
    </>
  );
  return (
    <AfterFirstPaint
      placeholder={
        <div className="relative">
          <button
            type="button"
            aria-expanded="false"
            aria-label={t('selector.button', { current: label })}
            className={buttonClasses}
          >
            {face}
          </button>
        </div>
      }
    >
      <Popover className="relative">
        <PopoverButton
          aria-label={t('selector.button', { current: label })}
          className={`${buttonClasses} data-open:bg-slate-100`}
        >
          {face}
        </PopoverButton>
        <PopoverPanel
          anchor="bottom end"
          className="z-50 mt-2 w-[min(22rem,calc(100vw-1.5rem))] rounded-xl border border-slate-200 bg-white p-2 shadow-lg focus:outline-none"
        >
          {({ close }) => (
            <>
              <p className="px-3 pt-1 pb-2 text-xs font-medium text-slate-500">{t('selector.title')}</p>
              {list.length > 6 && (
                <div className="px-1 pb-2">
                  <label htmlFor="selector-filter" className="sr-only">
                    {t('selector.filter')}
                  </label>
                  <input
                    id="selector-filter"
                    type="search"
                    value={filter}
                    onChange={(e) => setFilter(e.target.value)}
                    placeholder={t('selector.filter')}
                    className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-teal-600 focus:outline-none"
                  />
                </div>
              )}
              <ul className="max-h-80 overflow-y-auto" aria-label={t('selector.title')}>
                {shown.map((s) => {
                  const studentChosen = chosen?.student_id === s.student_id;
                  return (
                    <li key={s.student_id} className="py-1">
                      <button
                        type="button"
                        aria-pressed={studentChosen && !chosen?.workspace_id}
                        className={optionClasses}
                        onClick={() => {
                          choose(s.student_id);
                          close();
                        }}
                      >
                        <span className="font-semibold">{s.name}</span>
                        {studentChosen && !chosen?.workspace_id && (
                          <Check className="size-4 text-teal-700" aria-hidden="true" />
                        )}
                      </button>
                      {s.workspaces.length > 0 && (
                        <ul
                          className="ml-3 border-l border-slate-100 pl-2"
                          aria-label={t('selector.workspacesOf', { name: s.name })}
                        >
                          {s.workspaces.map((w) => {
                            const on = studentChosen && chosen?.workspace_id === w.id;
                            return (
                              <li key={w.id}>
                                <button
                                  type="button"
                                  aria-pressed={on}
                                  className={optionClasses}
                                  onClick={() => {
                                    choose(s.student_id, w.id);
                                    close();
                                  }}
                                >
                                  <span>
                                    {w.name}{' '}
                                    <span className="text-xs text-slate-500">
                                      ({t(`enums.workspaceType.${w.type}`)})
                                    </span>
                                  </span>
                                  {on && <Check className="size-4 text-teal-700" aria-hidden="true" />}
                                </button>
                              </li>
                            );
                          })}
                        </ul>
                      )}
                    </li>
                  );
                })}
                {shown.length === 0 && <li className="px-3 py-2 text-sm text-slate-600">{t('records.noMatches')}</li>}
              </ul>
              {chosen && (
                <div className="mt-1 border-t border-slate-100 pt-1">
                  <button
                    type="button"
                    className={optionClasses}
                    onClick={() => {
                      clearSelection();
                      removeItems(STORAGE_KEYS.studentSelection);
                      close();
                    }}
                  >
                    {t('selector.clear')}
                  </button>
                </div>
              )}
            </>
          )}
        </PopoverPanel>
      </Popover>
    </AfterFirstPaint>
  );
}
