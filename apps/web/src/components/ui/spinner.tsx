import { clsx } from 'clsx';

type SpinnerProps = {
  size?: 'sm' | 'md' | 'lg';
  /** Text for assistive technology; omit with `decorative` when the context already says it. */
  label?: string;
  decorative?: boolean;
  className?: string;
};

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' };

export function Spinner({ size = 'md', label, decorative = false, className }: SpinnerProps) {
  return (
    <span
      role={decorative ? undefined : 'status'}
      className={clsx('inline-flex items-center', className ?? 'text-teal-700')}
    >
      <svg className={clsx('animate-spin', sizes[size])} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {!decorative && label && <span className="sr-only">{label}</span>}
    </span>
  );
}
