import { RotateCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** The error's message or status text (seed §2). */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error))
    return error.statusText || (typeof error.data === 'string' ? error.data : String(error.status));
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return '';
}

/**
 * The error screen of every route: 'Oops!', 'Sorry, an unexpected error has occurred.', the error's
 * message or status text, and '← Go back' stepping back one history entry.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  const navigate = useNavigate();
  const detail = describeRouteError(error);
  return (
    <div id="error-page" className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-lg p-8 text-center sm:p-10">
        <span className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-amber-50 text-amber-700 ring-1 ring-amber-200">
          <TriangleAlert className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('errors.title')}</h1>
        <p className="mt-3 text-slate-700">{t('errors.unexpected')}</p>
        {detail && (
          <p className="mt-4 rounded-lg bg-slate-100 px-4 py-3 text-sm break-words text-slate-700">
            <i>{detail}</i>
          </p>
        )}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button onClick={() => navigate(-1)}>{t('errors.goBack')}</Button>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            <RotateCw className="size-4" aria-hidden="true" />
            {t('errors.reload')}
          </Button>
        </div>
      </Card>
    </div>
  );
}
