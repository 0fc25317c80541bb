import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { fieldControlClasses, TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';

type Student = { id: string; full_name: string | null; username?: string | null };

/**
 * Assign a completed game to students of one's caseload (issue 12): pick them (search, checkboxes),
 * the tries allowed and, if not the configured number of days, the last day. Each student gets a
 * frozen copy; one that already has it open is skipped, and the answer says so.
 */
export function AssignDialog({
  gameId,
  gameName,
  defaultAttempts,
  open,
  onClose,
}: {
  gameId: string;
  gameName: string;
  defaultAttempts: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [attempts, setAttempts] = useState(String(defaultAttempts));
  const [endDate, setEndDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ assigned: number; skipped: number } | null>(null);
  const students = useQuery({
    queryKey: ['assign', 'students', q.trim()],
    queryFn: ({ signal }) =>
      api.get<{ data: Student[] }>('/api/clients', { query: { max: 50, page: 0, ...(q.trim() ? { q: q.trim() } : {}) }, signal, silentSuccess: true }).then((r) => r.data),
    enabled: open,
  });

  const close = () => {
    setChosen(new Set());
    setErrors({});
    setDone(null);
    setQ('');
    onClose();
  };
  const send = async () => {
    if (!chosen.size) {
      setErrors({ student_ids: t('assign.chooseStudents') });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const body: Record<string, unknown> = { game_ids: [gameId], student_ids: [...chosen], max_attempts: Number(attempts) };
      if (endDate) body.end_time = new Date(`${endDate}T23:59:59`).toISOString();
      const res = await api.post<{ data: { assigned: unknown[]; skipped: number } }>('/api/games/assign', body);
      setDone({ assigned: res.data.assigned.length, skipped: res.data.skipped });
    } catch (failure) {
      if (failure instanceof ApiError) setErrors(Object.keys(failure.fields).length ? failure.fields : { student_ids: failure.message });
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
            <DialogTitle className="text-lg font-semibold text-slate-900">{t('assign.title', { name: gameName })}</DialogTitle>
            {done ? (
              <div className="mt-4 flex flex-col gap-4">
                <p role="status" className="text-slate-800">
                  {t('assign.done', { count: done.assigned })} {done.skipped > 0 && t('assign.skipped', { count: done.skipped })}
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
                <fieldset aria-describedby={`${id}-students-error`}>
                  <legend className="text-sm font-medium text-slate-800">{t('assign.students')}</legend>
                  <label htmlFor={`${id}-q`} className="sr-only">
                    {t('assign.search')}
                  </label>
                  <div className="relative mt-1.5">
                    <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
                    <input
                      id={`${id}-q`}
                      type="search"
                      value={q}
                      placeholder={t('assign.search')}
                      onChange={(e) => setQ(e.target.value)}
                      className={`${fieldControlClasses(false)} pl-9`}
                    />
                  </div>
                  <ul className="mt-2 max-h-56 overflow-y-auto rounded-lg ring-1 ring-slate-200">
                    {(students.data ?? []).map((s) => (
                      <li key={s.id} className="border-b border-slate-100 last:border-0">
                        <label className="flex min-h-11 items-center gap-3 px-3 text-slate-800 hover:bg-slate-50">
                          <input
                            type="checkbox"
                            className="size-4 accent-teal-700"
                            checked={chosen.has(s.id)}
                            onChange={(e) => {
                              const next = new Set(chosen);
                              if (e.target.checked) next.add(s.id);
                              else next.delete(s.id);
                              setChosen(next);
                            }}
                          />
                          {s.full_name || s.username || s.id}
                        </label>
                      </li>
                    ))}
                    {students.data?.length === 0 && <li className="px-3 py-3 text-sm text-slate-600">{t('assign.noStudents')}</li>}
                  </ul>
                  <p id={`${id}-students-error`} aria-live="polite" className="mt-1 text-sm text-red-700">
                    {errors.student_ids ?? errors.game_ids}
                  </p>
                </fieldset>
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
                    {t('assign.submit', { count: chosen.size })}
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
