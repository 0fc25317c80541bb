import type { GAME_RESOURCES } from '@habla/shared/resources/games';
import type { ResourceRow } from '@habla/shared/schemas/resource-row';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { playActions } from '@habla/shared/policies/index';
import { ArrowDown, ArrowUp, CheckCircle2, Copy, GitBranch, Play, Plus, Send, Settings2, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { LoadFailed } from '@/components/resource/load-failed';
import { Button, ButtonLink } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { ActivityEditor } from './activity-editor';
import {
  activitySummary,
  draftAnswers,
  draftProblems,
  emptyDraft,
  type ActivityDraft,
  type DraftProblems,
} from './builder-model';
import { ActivityPreview } from './activity-preview';
import { AssignDialog } from './assign-dialog';

/** A game and one of its activities as `/api/games` and `/api/activities` answer them
 * (packages/shared/src/resources/games.ts). */
type Game = ResourceRow<typeof GAME_RESOURCES.games>;
type Activity = ResourceRow<typeof GAME_RESOURCES.activities>;
type Confirm = { kind: 'complete' | 'version' } | { kind: 'delete'; activity: Activity };

const MAX = 100;
const draftOf = (a: Activity): ActivityDraft => ({
  question: a.question ?? '',
  picture: a.picture ?? null,
  audio_id: a.audio_id ?? null,
  answers: draftAnswers(a.answers),
});

/**
 * The game builder: the game's settings at the top, its activities in order on the left
 * (add, edit, duplicate, delete, move up and down), the selected activity's form in the middle and,
 * beside it, a live preview exactly as the player will show it, at phone or tablet width. A game that
 * is no longer a work in progress is read-only here; "New version" copies it into one that is not.
 */
export function GameBuilderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const game = useQuery({
    queryKey: ['builder', 'game', id],
    queryFn: ({ signal }) =>
      api.get<{ data: Game }>(`/api/games/${id}`, { signal, silentSuccess: true }).then((r) => r.data),
  });
  const activities = useQuery({
    queryKey: ['builder', 'activities', id],
    queryFn: ({ signal }) =>
      api
        .get<{ data: Activity[] }>('/api/activities', {
          query: { game_id: id, page: 0, max: MAX, col: 'position', order: 'asc' },
          signal,
          silentSuccess: true,
        })
        .then((r) => r.data),
  });
  const [selected, setSelected] = useState<string | 'new' | null>(null);
  const [draft, setDraft] = useState<ActivityDraft | null>(null);
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [assigning, setAssigning] = useState(false);
  // Assigning is for those who make games; the server checks each student is in their caseload.
  const mayAssign = useAuthStore((st) => playActions.assign(st.user));
  // Playing it in the player as a student would (nothing recorded): the same rule the API asks.
  const mayPreview = useAuthStore((st) => playActions.preview(st.user));
  const editorHeading = useRef<HTMLHeadingElement>(null);

  const rows = activities.data ?? [];
  const g = game.data;
  const readOnly = !!g && g.game_status !== 'WORK_IN_PROGRESS';
  const allows = (action: Game['_actions'][number]) => g?._actions.includes(action) ?? false;

  // The first activity opens by itself; a game without any opens a new one.
  useEffect(() => {
    if (!g || !activities.data || selected !== null) return;
    const first = activities.data[0];
    if (first) {
      setSelected(first.id);
      setDraft(draftOf(first));
    } else if (!readOnly) {
      setSelected('new');
      setDraft(emptyDraft(g.type));
    }
  }, [g, activities.data, selected, readOnly]);

  if (game.isError) return <LoadFailed onRetry={() => void game.refetch()} back="/games" />;
  if (!g || !activities.data) return <FullPageSpinner />;

  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['builder'] }),
      client.invalidateQueries({ queryKey: ['records'] }),
    ]);
  const open = (a: Activity | 'new') => {
    setSelected(a === 'new' ? 'new' : a.id);
    setDraft(a === 'new' ? emptyDraft(g.type) : draftOf(a));
    setServerProblems({});
    setTried(false);
    requestAnimationFrame(() => editorHeading.current?.focus());
  };

  const local = draft ? draftProblems(g.type, draft) : {};
  const shownProblems: Partial<Record<keyof DraftProblems, string>> = { ...serverProblems };
  if (tried)
    for (const [field, p] of Object.entries(local))
      if (p) shownProblems[field as keyof DraftProblems] ??= t(p.key, p.values);

  const save = async () => {
    if (!draft) return;
    setTried(true);
    if (Object.keys(local).length) return;
    setSaving(true);
    setServerProblems({});
    const body = {
      question: draft.question.trim() || null,
      picture: draft.picture,
      audio_id: draft.audio_id,
      answers: cleanAnswers(draft),
    };
    try {
      if (selected === 'new') {
        const made = await api.post<{ data: Activity }>('/api/activities', { ...body, game_id: id });
        setSelected(made.data.id);
      } else {
        await api.put(`/api/activities/${selected}`, { ...body, game_id: id });
      }
      setTried(false);
      await refresh();
    } catch (failure) {
      if (failure instanceof ApiError) setServerProblems(failure.fields);
    } finally {
      setSaving(false);
    }
  };

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      await refresh();
    } catch {
      // The API client showed the server's message.
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const move = (index: number, by: -1 | 1) =>
    run(async () => {
      const ids = rows.map((r) => r.id);
      const [moved] = ids.splice(index, 1);
      ids.splice(index + by, 0, moved!);
      await api.put(`/api/games/${id}/activities/order`, { ids }, { silentSuccess: true });
      setAnnounce(
        t('builder.moved', {
          summary: activitySummary(draftOf(rows[index]!)),
          position: index + by + 1,
          count: rows.length,
        }),
      );
    });

  const duplicate = (a: Activity) =>
    run(async () => {
      // An action answers the rows it made: the copy.
      const [copy] = (await api.post<{ data: Activity[] }>(`/api/activities/${a.id}/duplicate`, {})).data;
      if (copy) {
        setSelected(copy.id);
        setDraft(draftOf(copy));
      }
    });

  const position = selected === 'new' ? rows.length + 1 : rows.findIndex((r) => r.id === selected) + 1;
  const statusLine = [
    t(`enums.gameType.${g.type}`, { defaultValue: g.type }),
    t(`enums.gameStatus.${g.game_status}`, { defaultValue: g.game_status }),
    g.version ? t('builder.version', { version: g.version }) : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <div className="mx-auto max-w-[96rem]">
      <PageHeader
        eyebrow={t('builder.eyebrow')}
        title={g.name}
        description={statusLine}
        actions={
          <>
            {mayPreview && rows.length > 0 && (
              <ButtonLink variant="secondary" to={`/players/preview/${id}`}>
                <Play aria-hidden="true" className="size-4" />
                {t('builder.playInPlayer')}
              </ButtonLink>
            )}
            {/* Each button as the game's own allowed actions say (the server's policy): a viewer sees none. */}
            {allows('update') && (
              <ButtonLink variant="secondary" to={`/games/${id}/edit`}>
                <Settings2 aria-hidden="true" className="size-4" />
                {t('builder.settings')}
              </ButtonLink>
            )}
            {!readOnly && allows('complete') && (
              <Button onClick={() => setConfirm({ kind: 'complete' })} disabled={rows.length === 0}>
                <CheckCircle2 aria-hidden="true" className="size-4" />
                {t('builder.complete')}
              </Button>
            )}
            {readOnly && mayAssign && (
              <Button variant="secondary" onClick={() => setAssigning(true)}>
                <Send aria-hidden="true" className="size-4" />
                {t('assign.button')}
              </Button>
            )}
            {readOnly && allows('versions') && (
              <Button onClick={() => setConfirm({ kind: 'version' })}>
                <GitBranch aria-hidden="true" className="size-4" />
                {t('builder.newVersion')}
              </Button>
            )}
          </>
        }
      />
      {mayAssign && readOnly && (
        <AssignDialog
          games={[{ id: g.id, name: g.name }]}
          defaultAttempts={Number(g.max_attempts ?? 1)}
          open={assigning}
          onClose={() => setAssigning(false)}
        />
      )}
      {readOnly && (
        <p className="mb-6 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('builder.readOnly')}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,17rem)_minmax(0,1fr)] 2xl:grid-cols-[17rem_minmax(0,1fr)_minmax(0,26rem)]">
        <section aria-labelledby="builder-activities" className="min-w-0">
          <div className="mb-3 flex items-center justify-between gap-2">
            <h2 id="builder-activities" className="text-lg font-semibold text-slate-900">
              {t('builder.activities', { count: rows.length })}
            </h2>
            {!readOnly && (
              <Button size="sm" variant="secondary" onClick={() => open('new')}>
                <Plus aria-hidden="true" className="size-4" />
                {t('builder.addActivity')}
              </Button>
            )}
          </div>
          {rows.length === 0 && (
            <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
              {t('builder.noActivities')}
            </p>
          )}
          <ol className="flex flex-col gap-2">
            {rows.map((a, i) => {
              const current = a.id === selected;
              const summary = activitySummary(draftOf(a)) || t('builder.untitled');
              return (
                <li
                  key={a.id}
                  className={`rounded-xl border p-2 ${current ? 'border-teal-600 bg-teal-50' : 'border-slate-200 bg-white'}`}
                >
                  <button
                    type="button"
                    onClick={() => open(a)}
                    aria-current={current ? 'true' : undefined}
                    className="flex w-full items-start gap-2 rounded-lg p-1 text-left text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-teal-600"
                  >
                    <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700">
                      {i + 1}
                    </span>
                    <span className="line-clamp-2">{summary}</span>
                  </button>
                  {!readOnly && (
                    <div className="mt-1 flex flex-wrap gap-1 pl-8">
                      <IconButton
                        label={t('builder.moveUp', { summary })}
                        disabled={busy || i === 0}
                        onClick={() => void move(i, -1)}
                        icon={ArrowUp}
                      />
                      <IconButton
                        label={t('builder.moveDown', { summary })}
                        disabled={busy || i === rows.length - 1}
                        onClick={() => void move(i, 1)}
                        icon={ArrowDown}
                      />
                      <IconButton
                        label={t('builder.duplicate', { summary })}
                        disabled={busy}
                        onClick={() => void duplicate(a)}
                        icon={Copy}
                      />
                      <IconButton
                        label={t('builder.delete', { summary })}
                        disabled={busy}
                        onClick={() => setConfirm({ kind: 'delete', activity: a })}
                        icon={Trash2}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        </section>

        <section
          aria-labelledby="builder-editor"
          className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          {draft ? (
            <>
              <h2
                id="builder-editor"
                ref={editorHeading}
                tabIndex={-1}
                className="mb-4 text-lg font-semibold text-slate-900 focus:outline-none"
              >
                {selected === 'new'
                  ? t('builder.newActivity')
                  : t('builder.activityOf', { position, count: rows.length })}
              </h2>
              <ActivityEditor draft={draft} onChange={setDraft} problems={shownProblems} readOnly={readOnly} />
              {!readOnly && (
                <div className="mt-6 flex flex-wrap gap-2">
                  <Button loading={saving} onClick={() => void save()}>
                    {t('builder.saveActivity')}
                  </Button>
                  {selected !== 'new' && (
                    <Button variant="secondary" onClick={() => open(rows.find((r) => r.id === selected)!)}>
                      {t('builder.discard')}
                    </Button>
                  )}
                </div>
              )}
            </>
          ) : (
            <h2 id="builder-editor" className="text-sm text-slate-600">
              {t('builder.pickActivity')}
            </h2>
          )}
        </section>

        <div className="min-w-0 lg:col-span-2 2xl:col-span-1">
          {draft && <ActivityPreview type={g.type} draft={draft} seed={`${selected}`} />}
        </div>
      </div>

      <ConfirmDialog
        open={confirm?.kind === 'complete'}
        title={t('builder.confirmCompleteTitle')}
        confirmLabel={t('builder.complete')}
        busy={busy}
        onClose={() => setConfirm(null)}
        onConfirm={() => void run(() => api.post(`/api/games/${id}/complete`, {}))}
      >
        {t('builder.confirmComplete', { name: g.name, count: rows.length })}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm?.kind === 'version'}
        title={t('builder.confirmVersionTitle')}
        confirmLabel={t('builder.newVersion')}
        busy={busy}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          void run(async () => {
            const [made] = (await api.post<{ data: Game[] }>(`/api/games/${id}/versions`, {})).data;
            setSelected(null);
            setDraft(null);
            if (made) void navigate(`/games/${made.id}/builder`);
          })
        }
      >
        {t('builder.confirmVersion', { name: g.name })}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm?.kind === 'delete'}
        danger
        title={t('builder.confirmDeleteTitle')}
        confirmLabel={t('records.delete')}
        busy={busy}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind !== 'delete') return;
          const gone = confirm.activity;
          void run(async () => {
            await api.delete(`/api/activities/${gone.id}`);
            if (selected === gone.id) {
              setSelected(null);
              setDraft(null);
            }
          });
        }}
      >
        {confirm?.kind === 'delete'
          ? t('builder.confirmDelete', { summary: activitySummary(draftOf(confirm.activity)) })
          : null}
      </ConfirmDialog>
    </div>
  );
}

/** The answers as the API takes them: trimmed texts, no empty distractor, no empty option text. */
function cleanAnswers(d: ActivityDraft): ActivityDraft['answers'] {
  const a = d.answers;
  if ('options' in a)
    return {
      correct: a.correct,
      options: a.options.map((o) => ({
        text: o.text?.trim() || null,
        picture: o.picture || null,
        ...(o.picture && o.alt ? { alt: o.alt } : {}),
      })),
    };
  return { target: a.target.trim(), distractors: (a.distractors ?? []).map((w) => w.trim()).filter(Boolean) };
}

function IconButton({
  label,
  onClick,
  disabled,
  icon: Icon,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  icon: typeof ArrowUp;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600 disabled:opacity-40"
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}
