import type { BillingStatement } from '@habla/shared/schemas/tenancy';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@/components/resource/field-value';
import { Button } from '@/components/ui/button';
import { panelCard } from '@/components/ui/panel-card';
import { api } from '@/lib/api';
import type { RecordPanelProps } from '@/lib/record-panels';
import { numberFormat } from '@/lib/format';

type Statement = BillingStatement;

/** An account's billing statements, one per completed period, newest first. */
export default function AccountStatementsPanel({ row }: RecordPanelProps) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: ['statements', row.id, page],
    queryFn: () =>
      api.get<{ data: Statement[]; meta: { total: number } }>(`/api/accounts/${row.id}/statements`, {
        query: { page, max: 10 },
        silent: true,
      }),
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const money = numberFormat(i18n.resolvedLanguage, { style: 'currency', currency: 'USD' });
  const day = (d: string) => formatDay(i18n.resolvedLanguage, d);
  return (
    <section aria-labelledby="statements" className={panelCard}>
      <h2 id="statements" className="text-base font-semibold text-slate-900">
        {t('people.statements')}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {list.isPending ? t('records.loading') : t('people.noStatements')}
        </p>
      ) : (
        <div
          className="relative mt-3 overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label={t('people.statementsTable')}
        >
          <table className="w-full min-w-[26rem] text-left text-sm">
            <thead className="text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('people.period')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('fields.product')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('fields.amount')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((s) => (
                <tr key={s.id}>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {t('people.periodRange', { from: day(s.period_start), to: day(s.period_end) })}
                  </td>
                  <td className="py-2 pr-3">{s.product}</td>
                  <td className="py-2 text-right tabular-nums">{money.format(Number(s.amount))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total > 10 && (
        <div className="mt-3 flex items-center justify-end gap-2 text-sm text-slate-600">
          <Button size="sm" variant="secondary" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            {t('records.previousPage')}
          </Button>
          <span>{t('people.pageOf', { page: page + 1, pages: Math.ceil(total / 10) })}</span>
          <Button
            size="sm"
            variant="secondary"
            disabled={(page + 1) * 10 >= total}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('records.nextPage')}
          </Button>
        </div>
      )}
    </section>
  );
}
