import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify/unstyled';
import { Button } from '@/components/ui/button';
import type { ListToolProps } from '@/lib/list-tools';
import { AssignDialog } from './assign-dialog';

/** The games list's "Assign": the selected games, to students chosen in the dialog. Nothing selected: the seed's toast.
 * */
export default function AssignTool({ rows, clearSelection }: ListToolProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
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
        <Send className="size-4" aria-hidden="true" />
        {t('assign.button')}
      </Button>
      {open && (
        <AssignDialog
          games={rows.map((r) => ({ id: r.id, name: String(r.name ?? '') }))}
          defaultAttempts={1}
          open
          onClose={() => {
            setOpen(false);
            clearSelection();
          }}
        />
      )}
    </>
  );
}
