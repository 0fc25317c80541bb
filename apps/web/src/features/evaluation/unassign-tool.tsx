import { useQueryClient } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import type { ListToolProps } from '@/lib/list-tools';

/**
 * The assigned games list's "Unassign": the selected games leave their students' player once confirmed.
 * Nothing selected: the seed's "Please, select items to proccede."; one already played: the server's
 * message naming it, and nothing changes.
 */
export default function UnassignTool({ rows, clearSelection }: ListToolProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const unassign = async () => {
    setBusy(true);
    try {
      await api.post('/api/games/unassign', { ids: rows.map((r) => r.id) });
      clearSelection();
      await queryClient.invalidateQueries({ queryKey: ['records', 'assignments'] });
    } catch (failure) {
      // The API client has already said what went wrong (a played game, named); nothing else to do here.
      if (!(failure instanceof ApiError)) toast.error(t('alerts.unsatisfactory'));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          if (!rows.length) toast.error(t('errors.selectItems'), { toastId: 'select-items' });
          else setOpen(true);
        }}
      >
        <Undo2 className="size-4" aria-hidden="true" />
        {rows.length ? t('evaluation.unassign', { count: rows.length }) : t('evaluation.unassignNone')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('evaluation.unassignTitle')}
        confirmLabel={t('evaluation.unassign', { count: rows.length })}
        danger
        busy={busy}
        onConfirm={() => void unassign()}
        onClose={() => setOpen(false)}
      >
        {t('evaluation.unassignText', { count: rows.length })}
      </ConfirmDialog>
    </>
  );
}
