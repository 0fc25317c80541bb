import { Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth-store';
import { recordPanelsOf } from '@/lib/record-panels';
import type { ResourceScreen } from '@/lib/resource-screens';
import type { RecordRow } from './resource-api';

/**
 * The panels features registered for this resource (`lib/record-panels.ts`), below the record's
 * details, each shown when its own rule lets this user see it. The engine names no feature.
 */
export function RecordExtras({ screen, row }: { screen: ResourceScreen; row: RecordRow }) {
  const user = useAuthStore((s) => s.user);
  const panels = recordPanelsOf(screen.resource.name).filter(
    (p) => !p.visible || p.visible(user, row, screen.resource.name),
  );
  if (!panels.length) return null;
  return (
    // minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page on a phone.
    <div className="mt-5 grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-5">
      {panels.map(({ id, Component }) => (
        <Suspense key={id} fallback={<Spinner />}>
          <Component screen={screen} row={row} />
        </Suspense>
      ))}
    </div>
  );
}
