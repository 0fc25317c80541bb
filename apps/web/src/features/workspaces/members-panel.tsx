import type { WorkspaceMember } from '@habla/shared/schemas/tenancy';
import { RELATIONSHIPS_TO_STUDENT, WORKSPACE_ROLES } from '@habla/shared/enums';
import { workspaceActions } from '@habla/shared/policies/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RelationPicker } from '@/components/resource/relation-picker';
import type { Ref } from '@/components/resource/resource-api';
import { Button } from '@/components/ui/button';
import { panelCard } from '@/components/ui/panel-card';
import { SelectField } from '@/components/ui/select-field';
import { api } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import type { RecordPanelProps } from '@/lib/record-panels';
import { screenOf } from '@/lib/resource-screens';

type Member = WorkspaceMember;

/** A workspace's care team: members with their workspace role and relationship to the student. */
export default function WorkspaceMembersPanel({ row }: RecordPanelProps) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const canEdit = workspaceActions.manageMembers(user) && !row.deleted_at;
  const client = useQueryClient();
  const key = ['workspace-members', row.id];
  const members = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ data: Member[] }>(`/api/workspaces/${row.id}/members`, { silent: true }),
  });
  const [who, setWho] = useState<Ref[]>([]);
  const [role, setRole] = useState<string>(WORKSPACE_ROLES[2]);
  const [relationship, setRelationship] = useState<string>('');
  const refresh = (data: { data: Member[] }) => {
    client.setQueryData(key, data);
    void client.invalidateQueries({ queryKey: ['records'] });
  };
  const add = useMutation({
    mutationFn: () =>
      api.post<{ data: Member[] }>(`/api/workspaces/${row.id}/members`, {
        user_id: who[0]?.id,
        workspace_role: role,
        relationship_to_student: relationship || null,
      }),
    onSuccess: (data) => {
      refresh(data);
      setWho([]);
    },
  });
  const remove = useMutation({
    mutationFn: (memberId: string) => api.delete<{ data: Member[] }>(`/api/workspaces/${row.id}/members/${memberId}`),
    onSuccess: refresh,
  });
  const usersScreen = screenOf('users');
  const list = members.data?.data ?? [];
  return (
    <section aria-labelledby="ws-members" className={panelCard}>
      <h2 id="ws-members" className="text-base font-semibold text-slate-900">
        {t('people.members')}
      </h2>
      {list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {members.isPending ? t('records.loading') : t('people.noMembers')}
        </p>
      ) : (
        <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={t('people.membersTable')}>
          <table className="w-full min-w-[28rem] text-left text-sm">
            <caption className="sr-only">{t('people.members')}</caption>
            <thead className="text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('fields.full_name')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('fields.workspace_role')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('fields.relationship_to_student')}
                </th>
                {canEdit && (
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">{t('records.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.map((m) => (
                <tr key={m.id}>
                  <td className="py-2 pr-3 font-medium text-slate-900">{m.full_name}</td>
                  <td className="py-2 pr-3">{t(`enums.workspaceRole.${m.workspace_role}`)}</td>
                  <td className="py-2 pr-3">
                    {m.relationship_to_student ? t(`enums.relationshipToStudent.${m.relationship_to_student}`) : '—'}
                  </td>
                  {canEdit && (
                    <td className="py-2 text-right">
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('people.removeMember', { name: m.full_name })}
                        onClick={() => void remove.mutateAsync(m.id)}
                      >
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
          <RelationPicker
            label={t('people.addMember')}
            target={usersScreen}
            multiple={false}
            value={who}
            onChange={setWho}
          />
          <SelectField
            label={t('fields.workspace_role')}
            value={role}
            onChange={(e) => setRole(e.target.value)}
            options={WORKSPACE_ROLES.map((r) => ({ value: r, label: t(`enums.workspaceRole.${r}`) }))}
          />
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
