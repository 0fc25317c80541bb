import { RELATIONSHIPS_TO_STUDENT, WORKSPACE_ROLES } from '@habla/shared/enums';
import { accountsPolicy, clientActions, userActions, workspaceActions } from '@habla/shared/policies/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, KeyRound, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { api } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { type ResourceScreen, screenOf } from '@/lib/resource-screens';
import { formatDay } from './field-value';
import { RelationPicker } from './relation-picker';
import type { RecordRow, Ref } from './resource-api';

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6';

/** The full SSN on request (audited by the server), hidden again with one click. */
function RevealSsn({ screen, row }: { screen: ResourceScreen; row: RecordRow }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<string | null>(null);
  const reveal = useMutation({ mutationFn: () => api.post<{ data: { ssn: string | null } }>(`${screen.apiPath}/${row.id}/reveal-ssn`, {}, { silentSuccess: true }) });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="font-mono text-sm text-slate-900" aria-live="polite">
        {shown ?? String(row.ssn)}
      </span>
      {shown ? (
        <Button size="sm" variant="secondary" onClick={() => setShown(null)}>
          <EyeOff className="size-4" aria-hidden="true" />
          {t('people.hideSsn')}
        </Button>
      ) : (
        <Button size="sm" variant="secondary" loading={reveal.isPending} onClick={() => void reveal.mutateAsync().then((r) => setShown(r.data.ssn))}>
          <Eye className="size-4" aria-hidden="true" />
          {t('people.revealSsn')}
        </Button>
      )}
      <span className="text-xs text-slate-500">{t('people.revealAudited')}</span>
    </div>
  );
}

/** What a user's role grants, and an e-mailed link to set a new password. */
function UserAccess({ row }: { row: RecordRow }) {
  const { t } = useTranslation();
  const perms = useQuery({ queryKey: ['user-permissions', row.id], queryFn: () => api.get<{ data: { permissions: string[] } }>(`/api/users/${row.id}/permissions`, { silent: true }) });
  const reset = useMutation({ mutationFn: () => api.post(`/api/users/${row.id}/reset-password`, {}) });
  return (
    <section aria-labelledby="user-access" className={card}>
      <h2 id="user-access" className="text-base font-semibold text-slate-900">
        {t('people.access')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('people.accessHint', { role: t(`enums.role.${String(row.role)}`) })}</p>
      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('fields.permissions')}>
        {(perms.data?.data.permissions ?? []).map((p) => (
          <li key={p} className="rounded-full bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700">
            {p}
          </li>
        ))}
      </ul>
      {typeof row.email === 'string' && row.email && !row.deleted_at && (
        <Button className="mt-4" variant="secondary" loading={reset.isPending} onClick={() => void reset.mutateAsync()}>
          <KeyRound className="size-4" aria-hidden="true" />
          {t('people.sendResetLink')}
        </Button>
      )}
    </section>
  );
}

type Member = { id: string; user_id: string; full_name: string; username: string; role: string; workspace_role: string; relationship_to_student: string | null };

/** A workspace's care team: members with their workspace role and relationship to the student. */
function WorkspaceMembers({ row }: { row: RecordRow }) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const canEdit = workspaceActions.manageMembers(user) && !row.deleted_at;
  const client = useQueryClient();
  const key = ['workspace-members', row.id];
  const members = useQuery({ queryKey: key, queryFn: () => api.get<{ data: Member[] }>(`/api/workspaces/${row.id}/members`, { silent: true }) });
  const [who, setWho] = useState<Ref[]>([]);
  const [role, setRole] = useState<string>('THERAPIST');
  const [relationship, setRelationship] = useState<string>('');
  const refresh = (data: { data: Member[] }) => {
    client.setQueryData(key, data);
    void client.invalidateQueries({ queryKey: ['records'] });
  };
  const add = useMutation({
    mutationFn: () => api.post<{ data: Member[] }>(`/api/workspaces/${row.id}/members`, { user_id: who[0]?.id, workspace_role: role, relationship_to_student: relationship || null }),
    onSuccess: (data) => {
      refresh(data);
      setWho([]);
    },
  });
  const remove = useMutation({ mutationFn: (memberId: string) => api.delete<{ data: Member[] }>(`/api/workspaces/${row.id}/members/${memberId}`), onSuccess: refresh });
  const usersScreen = screenOf('users');
  const list = members.data?.data ?? [];
  return (
    <section aria-labelledby="ws-members" className={card}>
      <h2 id="ws-members" className="text-base font-semibold text-slate-900">
        {t('people.members')}
      </h2>
      {list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{members.isPending ? t('records.loading') : t('people.noMembers')}</p>
      ) : (
        <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={t('people.membersTable')}>
          <table className="w-full min-w-[28rem] text-left text-sm">
            <caption className="sr-only">{t('people.members')}</caption>
            <thead className="text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">{t('fields.full_name')}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t('fields.workspace_role')}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t('fields.relationship_to_student')}</th>
                {canEdit && <th scope="col" className="py-2 font-medium"><span className="sr-only">{t('records.actions')}</span></th>}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.map((m) => (
                <tr key={m.id}>
                  <td className="py-2 pr-3 font-medium text-slate-900">{m.full_name}</td>
                  <td className="py-2 pr-3">{t(`enums.workspaceRole.${m.workspace_role}`)}</td>
                  <td className="py-2 pr-3">{m.relationship_to_student ? t(`enums.relationshipToStudent.${m.relationship_to_student}`) : '—'}</td>
                  {canEdit && (
                    <td className="py-2 text-right">
                      <Button size="sm" variant="ghost" aria-label={t('people.removeMember', { name: m.full_name })} onClick={() => void remove.mutateAsync(m.id)}>
                        <Trash2 className="size-4" aria-hidden="true" />
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canEdit && usersScreen && (
        <form
          className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (who[0]) void add.mutateAsync();
          }}
        >
          <RelationPicker label={t('people.addMember')} target={usersScreen} multiple={false} value={who} onChange={setWho} />
          <SelectField label={t('fields.workspace_role')} value={role} onChange={(e) => setRole(e.target.value)} options={WORKSPACE_ROLES.map((r) => ({ value: r, label: t(`enums.workspaceRole.${r}`) }))} />
          <SelectField
            label={t('fields.relationship_to_student')}
            value={relationship}
            onChange={(e) => setRelationship(e.target.value)}
            placeholder={t('records.choose')}
            options={RELATIONSHIPS_TO_STUDENT.map((r) => ({ value: r, label: t(`enums.relationshipToStudent.${r}`) }))}
          />
          <Button type="submit" disabled={!who[0]} loading={add.isPending}>
            <UserPlus className="size-4" aria-hidden="true" />
            {t('people.add')}
          </Button>
        </form>
      )}
    </section>
  );
}

type Statement = { id: string; product: string; period_start: string; period_end: string; amount: string };

/** An account's billing statements, one per completed period, newest first. */
function AccountStatements({ row }: { row: RecordRow }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: ['statements', row.id, page],
    queryFn: () => api.get<{ data: Statement[]; meta: { total: number } }>(`/api/accounts/${row.id}/statements`, { query: { page, max: 10 }, silent: true }),
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const money = new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'currency', currency: 'USD' });
  const day = (d: string) => formatDay(i18n.resolvedLanguage, d);
  return (
    <section aria-labelledby="statements" className={card}>
      <h2 id="statements" className="text-base font-semibold text-slate-900">
        {t('people.statements')}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{list.isPending ? t('records.loading') : t('people.noStatements')}</p>
      ) : (
        <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={t('people.statementsTable')}>
          <table className="w-full min-w-[26rem] text-left text-sm">
            <thead className="text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">{t('people.period')}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t('fields.product')}</th>
                <th scope="col" className="py-2 text-right font-medium">{t('fields.amount')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((s) => (
                <tr key={s.id}>
                  <td className="py-2 pr-3 whitespace-nowrap">{t('people.periodRange', { from: day(s.period_start), to: day(s.period_end) })}</td>
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
          <Button size="sm" variant="secondary" disabled={(page + 1) * 10 >= total} onClick={() => setPage((p) => p + 1)}>
            {t('records.nextPage')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** Panels some resources add below their details (people, workspaces, account statements). */
export function RecordExtras({ screen, row }: { screen: ResourceScreen; row: RecordRow }) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const name = screen.resource.name;
  if (name !== 'users' && name !== 'clients' && name !== 'workspaces' && name !== 'accounts') return null;
  return (
    // minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page on a phone.
    <div className="mt-5 grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-5">
      {(name === 'users' || name === 'clients') && row.ssn && (name === 'users' ? userActions : clientActions).revealSsn(user) ? (
        <section aria-labelledby="ssn-panel" className={card}>
          <h2 id="ssn-panel" className="text-base font-semibold text-slate-900">
            {t('fields.ssn')}
          </h2>
          <div className="mt-2">
            <RevealSsn screen={screen} row={row} />
          </div>
        </section>
      ) : null}
      {name === 'users' && userActions.readPermissions(user) && <UserAccess row={row} />}
      {name === 'workspaces' && <WorkspaceMembers row={row} />}
      {name === 'accounts' && accountsPolicy.can(user, 'read') && <AccountStatements row={row} />}
    </div>
  );
}
