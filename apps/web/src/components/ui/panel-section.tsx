import type { ReactNode } from 'react';
import { panelCard } from './panel-card';

/** A titled card of a record's page (a recording's audio, an assessment's measures): an `h2` names the section for
 * screen readers. */
export function PanelSection({
  id,
  title,
  children,
  aside,
}: {
  id: string;
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={panelCard}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
