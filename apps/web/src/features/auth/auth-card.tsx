import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Logo } from '@/components/ui/logo';

type AuthCardProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
};

/** The centred card of the sign-in screens: brand, h1, lead line, form, footer links. */
export function AuthCard({ title, subtitle, children, footer, wide = false }: AuthCardProps) {
  return (
    <div className={clsx('w-full', wide ? 'max-w-xl' : 'max-w-md')}>
      <Card className="px-6 py-8 shadow-md sm:px-10 sm:py-10">
        <div className="mb-8 flex flex-col items-center text-center">
          <Logo size="lg" markOnly />
          <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <p className="mt-2 text-sm text-pretty text-slate-600">{subtitle}</p>}
        </div>
        {children}
      </Card>
      {footer && <div className="mt-6 text-center text-sm text-slate-700">{footer}</div>}
    </div>
  );
}

export const linkClasses =
  'rounded font-semibold text-teal-800 underline-offset-4 hover:underline focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600';
