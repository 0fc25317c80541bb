import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { Button } from './button';

/**
 * Someone else saved the same document meanwhile (a 409 on a versioned save): the user's changes are
 * still on screen, and they choose to load the other version (after confirming that theirs is
 * dropped) or to keep theirs and save over it.
 */
export function ConflictBanner(props: {
  title: string;
  text: string;
  loadLabel: string;
  keepLabel: string;
  discardTitle: string;
  discardText: string;
  busy: boolean;
  saving: boolean;
  onLoad: () => void;
  onKeep: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300"
    >
      <div className="flex gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">{props.title}</p>
          <p>{props.text}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" disabled={props.busy || props.saving} onClick={() => setConfirming(true)}>
          {props.loadLabel}
        </Button>
        <Button size="sm" loading={props.busy || props.saving} onClick={props.onKeep}>
          {props.keepLabel}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={props.discardTitle}
        confirmLabel={props.loadLabel}
        danger
        onConfirm={() => {
          setConfirming(false);
          props.onLoad();
        }}
        onClose={() => setConfirming(false)}
      >
        {props.discardText}
      </ConfirmDialog>
    </div>
  );
}
