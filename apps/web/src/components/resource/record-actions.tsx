import type { ActionDef } from '@habla/shared/resources/actions';
import { policyOf } from '@habla/shared/policies/index';
import { useQueryClient } from '@tanstack/react-query';
import {
  CircleCheck,
  CirclePause,
  CirclePlay,
  Copy,
  History,
  KeyRound,
  Share2,
  Unlink,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify/unstyled';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import type { ResourceScreen } from '@/lib/resource-screens';
import { ConfirmDialog } from './confirm-dialog';
import { recordTitle } from './field-value';
import { rowAllows, type RecordRow } from './resource-api';

/**
 * The resource's declared actions on the web (decision 010): buttons on a row (row actions, show
 * page, quick view) when the row's `_actions` allow them, buttons on the list's selection when the
 * policy lets the user take them at all; a confirmation with the action's prompt first when the
 * declaration asks for one; then the API, and every list and record of the resource is refreshed.
 * Texts: `actions.<resource>.<name>.label | labelOf | confirmTitle | confirm | confirmMany`.
 */

const ICONS: Record<NonNullable<ActionDef['icon']>, LucideIcon> = {
  key: KeyRound,
  check: CircleCheck,
  copy: Copy,
  share: Share2,
  history: History,
  unlink: Unlink,
  pause: CirclePause,
  play: CirclePlay,
};
export const actionIcon = (action: ActionDef): LucideIcon => (action.icon ? ICONS[action.icon] : Zap);

/** `actions.<resource>.<name>.<text>` */
type ActionText = 'label' | 'labelOf' | 'confirmTitle' | 'confirm' | 'confirmMany';
export const actionKey = (screen: ResourceScreen, action: ActionDef, text: ActionText) =>
  `actions.${screen.resource.name}.${action.name}.${text}`;

/** The declared actions of the screen's resource: those offered on one row, and on a selection (if the user may take
 * them at all). */
export function useDeclaredActions(screen: ResourceScreen): { single: ActionDef[]; bulk: ActionDef[] } {
  const user = useAuthStore((s) => s.user);
  const declared = screen.resource.actions ?? [];
  const policy = policyOf(screen.resource.name);
  return { single: declared.filter((a) => a.single), bulk: declared.filter((a) => a.bulk && policy.can(user, a.name)) };
}

type Pending = { action: ActionDef; rows: RecordRow[] };
type Answer = { data: RecordRow[]; message?: string };

/**
 * Runs declared actions: `start(action, rows)` checks the selection (empty: the seed's toast; a row
 * the action does not apply to: a toast naming how many), asks when the declaration says so, then
 * posts. `dialog` is the confirmation, to render where the trigger lives (inside a drawer when the
 * drawer holds the buttons), so that focus returns to the trigger when it closes.
 */
export function useActionRunner(screen: ResourceScreen, onDone?: (rows: RecordRow[]) => void) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async ({ action, rows }: Pending) => {
    setBusy(true);
    try {
      const [only] = rows;
      const answer =
        rows.length === 1 && only && action.single
          ? await api.post<Answer>(`${screen.apiPath}/${only.id}/${action.name}`)
          : await api.post<Answer>(`${screen.apiPath}/${action.name}`, { ids: rows.map((r) => r.id) });
      await client.invalidateQueries({ queryKey: ['records', screen.resource.name] });
      onDone?.(answer?.data ?? []);
    } catch {
      // The API client has shown the server's message; the rows stay as they were (all or nothing).
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const start = (action: ActionDef, rows: RecordRow[]) => {
    if (!rows.length) {
      toast.error(t('errors.selectItems'), { toastId: 'select-items' });
      return;
    }
    const refused = rows.filter((r) => !rowAllows(r, action.name)).length;
    if (refused) {
      toast.error(t('records.actionRefused', { count: refused, total: rows.length }), {
        toastId: `action-refused:${action.name}`,
      });
      return;
    }
    if (action.confirm) setPending({ action, rows });
    else void run({ action, rows });
  };

  const first = pending?.rows[0];
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={pending ? t(actionKey(screen, pending.action, 'confirmTitle')) : ''}
      confirmLabel={pending ? t(actionKey(screen, pending.action, 'label')) : ''}
      danger={pending?.action.tone === 'danger'}
      busy={busy}
      onConfirm={() => pending && void run(pending)}
      onClose={() => !busy && setPending(null)}
    >
      {pending &&
        (pending.rows.length === 1
          ? t(actionKey(screen, pending.action, 'confirm'), { name: recordTitle(screen.resource.titleField, first) })
          : t(actionKey(screen, pending.action, 'confirmMany'), { count: pending.rows.length }))}
    </ConfirmDialog>
  );
  return { start, dialog, busy };
}

/** How the list lets its rows' buttons start an action (the runner lives in the list page). */
export const RowActionContext = createContext<{
  actions: ActionDef[];
  start: (action: ActionDef, rows: RecordRow[]) => void;
  keyOf: (action: ActionDef, text: ActionText) => string;
} | null>(null);
export const useRowActionContext = () => useContext(RowActionContext);

/** The single actions `row` allows, as buttons (show page, quick view). */
export function ActionButtons({
  screen,
  row,
  actions,
  start,
  size,
}: {
  screen: ResourceScreen;
  row: RecordRow;
  actions: ActionDef[];
  start: (action: ActionDef, rows: RecordRow[]) => void;
  size?: 'sm';
}) {
  const { t } = useTranslation();
  return (
    <>
      {actions
        .filter((a) => rowAllows(row, a.name))
        .map((a) => {
          const Icon = actionIcon(a);
          return (
            <Button
              key={a.name}
              variant={a.tone === 'danger' ? 'danger' : 'secondary'}
              size={size}
              onClick={() => start(a, [row])}
            >
              <Icon className="size-4" aria-hidden="true" />
              {t(actionKey(screen, a, 'label'))}
            </Button>
          );
        })}
    </>
  );
}
