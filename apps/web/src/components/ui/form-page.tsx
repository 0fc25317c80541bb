import { type ReactNode, useEffect, useRef } from 'react';
import { PageHeader } from './page-header';
import { panelCard } from './panel-card';

type FormPageProps = {
  title: string;
  lead: string;
  busy: boolean;
  /** Raise it after a refused send: the first field marked invalid then takes the focus. */
  focusInvalid: number;
  onSubmit: () => void;
  children: ReactNode;
};

/**
 * A page that is one form in a card (a new recording, a new assessment): the h1 and lead line, the
 * form named by the h1 and busy while it sends, without the browser's own checks (the fields show
 * the app's), and after a refused send the first field to fix takes the focus.
 */
export function FormPage({ title, lead, busy, focusInvalid, onSubmit, children }: FormPageProps) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusInvalid) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={title} description={lead} />
      <form
        ref={form}
        aria-label={title}
        noValidate
        aria-busy={busy}
        className={`${panelCard} flex flex-col gap-6`}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </div>
  );
}
