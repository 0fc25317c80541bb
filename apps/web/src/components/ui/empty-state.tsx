import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './card';

type EmptyStateProps = { icon: LucideIcon; title: string; children?: ReactNode; action?: ReactNode };

export function EmptyState({ icon: Icon, title, children, action }: EmptyStateProps) {
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center sm:py-16">
      <span className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-teal-50 text-teal-700 ring-1 ring-teal-100">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children && <div className="mt-2 max-w-md text-sm text-pretty text-slate-600">{children}</div>}
      {action && <div className="mt-6">{action}</div>}
    </Card>
  );
}
