import { CAPABILITIES } from '@habla/shared/permissions';
import { GripVertical, Plus } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { childrenOf, type ResourceScreen } from '@/lib/resource-screens';
import { recordTitle } from './field-value';
import { rowAllows, type Page, type RecordRow } from './resource-api';
import { useCapabilities } from './use-resource-screen';

const MAX = 100;

/** A parent's show page: each resource declared as its ordered child, listed in order and reorderable. */
export function OrderedChildren({ screen, row }: { screen: ResourceScreen; row: RecordRow }) {
  const children = childrenOf(screen.resource.name);
  if (!children.length || row.deleted_at) return null;
  return (
    <>
      {children.map((child) => (
        <ChildList
          key={child.resource.name}
          parent={screen}
          child={child}
          parentId={row.id}
          parentTitle={recordTitle(screen.resource.titleField, row) ?? ''}
          parentEditable={rowAllows(row, 'update')}
        />
      ))}
    </>
  );
}

/**
 * The children in order, each linking to its record. Keyboard: focus a row's move handle, Space or
 * Enter picks it up, the arrow keys move it, Space or Enter drops it (saved at once), Escape puts it
 * back; every step is announced. Mouse, pen and touch: drag the handle (pointer events, so one code
 * path for all three; the handle takes no scrolling gesture) and let go where the row belongs. The new order shows at
 * once and rolls back if the server refuses
 * (its message is toasted by the API client).
 */
function ChildList({
  parent,
  child,
  parentId,
  parentTitle,
  parentEditable,
}: {
  parent: ResourceScreen;
  child: ResourceScreen;
  parentId: string;
  parentTitle: string;
  /** A child is added to a parent the caller may change (not to a completed game). */
  parentEditable: boolean;
}) {
  const { t } = useTranslation();
  const can = useCapabilities(child);
  const client = useQueryClient();
  const key = child.resource.parent!.key;
  const position = child.resource.parent!.position;
  const query = { page: 0, max: MAX, [key]: parentId, col: position, order: 'asc' as const };
  const list = useQuery({
    queryKey: ['records', child.resource.name, 'list', query],
    queryFn: ({ signal }) => api.get<Page>(child.apiPath, { query, signal, silentSuccess: true }),
  });
  const [rows, setRows] = useState<RecordRow[]>([]);
  const [picked, setPicked] = useState<{ id: string; from: number } | null>(null);
  const [announce, setAnnounce] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const drag = useRef<{ id: string; pointerId: number; before: RecordRow[] } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (list.data && !picked && !dragging) setRows(list.data.data);
  }, [list.data, picked, dragging]);

  const name = (r: RecordRow) => recordTitle(child.resource.titleField, r) ?? '';
  const headingId = `children-${child.resource.name}`;
  const canMove = rows.length > 1 && rows.every((r) => rowAllows(r, 'update'));

  const save = async (next: RecordRow[], before: RecordRow[]) => {
    try {
      await api.put(
        `${parent.apiPath}/${parentId}/${child.resource.name}/order`,
        { ids: next.map((r) => r.id) },
        { silentSuccess: true },
      );
    } catch {
      setRows(before);
    } finally {
      await client.invalidateQueries({ queryKey: ['records', child.resource.name] });
    }
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>, id: string) => {
    if (e.button !== 0 || picked || drag.current) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { id, pointerId: e.pointerId, before: rows };
    setDragging(id);
  };

  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    // The dragged row goes below every other row whose middle the pointer has passed.
    let to = 0;
    for (const el of Array.from(listRef.current?.children ?? []) as HTMLElement[]) {
      if (el.dataset.id === d.id) continue;
      const box = el.getBoundingClientRect();
      if (e.clientY > box.top + box.height / 2) to += 1;
    }
    setRows((current) => {
      const at = current.findIndex((r) => r.id === d.id);
      if (at < 0 || at === to) return current;
      const next = [...current];
      next.splice(to, 0, next.splice(at, 1)[0]!);
      return next;
    });
  };

  const endDrag = (e: PointerEvent<HTMLButtonElement>, cancelled: boolean) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    setDragging(null);
    const at = rows.findIndex((r) => r.id === d.id);
    const moved = rows[at];
    if (cancelled || !moved) {
      setRows(d.before);
      return;
    }
    if (rows.map((r) => r.id).join() === d.before.map((r) => r.id).join()) return;
    setAnnounce(t('ordered.dropped', { name: name(moved), position: at + 1, count: rows.length }));
    void save(rows, d.before);
  };

  const onKey = (e: KeyboardEvent<HTMLButtonElement>, id: string) => {
    const at = rows.findIndex((r) => r.id === id);
    const current = rows[at];
    if (at < 0 || !current) return;
    const say = (k: string, i: number) =>
      setAnnounce(t(k, { name: name(current), position: i + 1, count: rows.length }));
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (!picked) {
        setPicked({ id, from: at });
        say('ordered.pickedUp', at);
        return;
      }
      const before = [...rows];
      const moved = before.splice(at, 1)[0]!;
      before.splice(picked.from, 0, moved);
      setPicked(null);
      say('ordered.dropped', at);
      if (picked.from !== at) void save(rows, before);
      return;
    }
    if (!picked) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      const back = [...rows];
      const moved = back.splice(at, 1)[0]!;
      back.splice(picked.from, 0, moved);
      setRows(back);
      setPicked(null);
      say('ordered.cancelled', picked.from);
      return;
    }
    const to = e.key === 'ArrowUp' ? at - 1 : e.key === 'ArrowDown' ? at + 1 : -2;
    if (to === -2) return;
    e.preventDefault();
    if (to < 0 || to >= rows.length) return;
    const next = [...rows];
    next.splice(to, 0, next.splice(at, 1)[0]!);
    setRows(next);
    say('ordered.moved', to);
    // The moved row keeps the focus after React reorders the list.
    requestAnimationFrame(() => document.getElementById(`move-${id}`)?.focus());
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 max-w-3xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('ordered.heading', { name: t(child.titleKey) })}
        </h2>
        {can[CAPABILITIES.CAN_CREATE] && parentEditable && (
          <Link
            to={`${child.base}/add?${new URLSearchParams({ [key]: parentId, [`${key}.label`]: parentTitle }).toString()}`}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-sky-700 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-600"
          >
            <Plus className="size-4" aria-hidden="true" />
            {t('ordered.add', { name: t(child.titleKey) })}
          </Link>
        )}
      </div>
      {canMove && <p className="-mt-1 mb-2 text-xs text-slate-500">{t('ordered.help')}</p>}
      <div aria-live="assertive" role="status" className="sr-only">
        {announce}
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{list.isPending ? t('records.loading') : t('ordered.empty')}</p>
      ) : (
        <ol ref={listRef} className="divide-y divide-slate-100">
          {rows.map((r, i) => (
            <li
              key={r.id}
              data-id={r.id}
              className={
                picked?.id === r.id || dragging === r.id
                  ? 'flex items-center gap-3 bg-sky-50 py-2'
                  : 'flex items-center gap-3 py-2'
              }
            >
              {canMove && (
                <button
                  id={`move-${r.id}`}
                  type="button"
                  className={
                    dragging === r.id
                      ? 'inline-flex size-11 cursor-grabbing touch-none items-center justify-center rounded text-sky-700 focus-visible:outline-2 focus-visible:outline-sky-600'
                      : 'inline-flex size-11 cursor-grab touch-none items-center justify-center rounded text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600'
                  }
                  aria-label={t('ordered.handle', { name: name(r), position: i + 1, count: rows.length })}
                  aria-pressed={picked?.id === r.id}
                  onKeyDown={(e) => onKey(e, r.id)}
                  onPointerDown={(e) => onPointerDown(e, r.id)}
                  onPointerMove={onPointerMove}
                  onPointerUp={(e) => endDrag(e, false)}
                  onPointerCancel={(e) => endDrag(e, true)}
                >
                  <GripVertical className="size-4" aria-hidden="true" />
                </button>
              )}
              <span className="w-8 text-sm text-slate-500 tabular-nums">{i + 1}</span>
              <Link to={`${child.base}/${r.id}`} className="text-sm font-medium text-sky-700 hover:underline">
                {name(r)}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
