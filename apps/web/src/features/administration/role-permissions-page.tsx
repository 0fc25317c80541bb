import { ALL_PERMISSIONS, PERMISSIONS } from '@habla/shared/permissions';
import { rolePermissionsPolicy } from '@habla/shared/policies/role-permissions';
import type { RolePermissionsRow, RolePermissionsSaved } from '@habla/shared/schemas/role-permissions';
import { ROLE_VALUES } from '@habla/shared/roles';
import { useMutation, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Info, Lock } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { queryClient } from '@/lib/query-client';

export type { RolePermissionsRow };
type ListAnswer = { status: true; data: RolePermissionsRow[] };
type SaveAnswer = { status: true; data: RolePermissionsSaved; message?: string };

export const ROLE_PERMISSIONS_KEY = ['administration', 'role-permissions'] as const;

const checkbox =
  'size-4 rounded border-slate-300 text-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:opacity-50';

/** Order the permissions as the shared list does; unknown names (from the server) go last. */
function ordered(list: Iterable<string>, order: readonly string[]): string[] {
  const rank = (p: string) => {
    const i = order.indexOf(p);
    return i === -1 ? order.length : i;
  };
  return [...new Set(list)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** `/administration/rolePermissions`: a permission × role matrix; each role column is saved on its own. */
export function RolePermissionsPage() {
  const { t } = useTranslation();
  const me = useAuthStore((s) => s.user);
  const query = useQuery({
    queryKey: ROLE_PERMISSIONS_KEY,
    queryFn: ({ signal }) => api.get<ListAnswer>('/api/role-permissions', { signal }),
  });
  // Edited roles only: role → the permissions ticked on screen.
  const [drafts, setDrafts] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState<string | null>(null);

  const rows = useMemo(() => query.data?.data ?? [], [query.data]);
  const roles = useMemo(() => {
    const rank = (r: string) => {
      const i = (ROLE_VALUES as readonly string[]).indexOf(r);
      return i === -1 ? ROLE_VALUES.length : i;
    };
    return [...rows].sort((a, b) => rank(a.role) - rank(b.role));
  }, [rows]);
  const permissions = useMemo(
    () => ordered([...ALL_PERMISSIONS, ...rows.flatMap((r) => r.permissions)], ALL_PERMISSIONS),
    [rows],
  );

  const save = useMutation({
    mutationFn: ({ role, list }: { role: string; list: string[] }) =>
      api.put<SaveAnswer>(`/api/role-permissions/${encodeURIComponent(role)}`, { permissions: list }),
    onMutate: ({ role }) => setSaving(role),
    onSettled: () => setSaving(null),
    onSuccess: (answer, { role }) => {
      const saved = answer?.data?.permissions;
      queryClient.setQueryData<ListAnswer>(ROLE_PERMISSIONS_KEY, (old) =>
        old
          ? { ...old, data: old.data.map((r) => (r.role === role && saved ? { ...r, permissions: saved } : r)) }
          : old,
      );
      setDrafts(({ [role]: _done, ...rest }) => rest);
      void queryClient.invalidateQueries({ queryKey: ROLE_PERMISSIONS_KEY });
    },
  });

  const current = (row: RolePermissionsRow) => drafts[row.role] ?? row.permissions;
  const isDirty = (row: RolePermissionsRow) =>
    drafts[row.role] !== undefined && !sameSet(drafts[row.role]!, row.permissions);

  const toggle = (row: RolePermissionsRow, permission: string, on: boolean) => {
    const base = current(row);
    const next = ordered(on ? [...base, permission] : base.filter((p) => p !== permission), permissions);
    setDrafts((d) => ({ ...d, [row.role]: next }));
  };
  const discard = (role: string) => setDrafts(({ [role]: _gone, ...rest }) => rest);

  const roleLabel = (role: string) => t(`roles.${role}`, { defaultValue: role });
  const permissionLabel = (p: string) => t(`administration.permissionNames.${p}`, { defaultValue: p });
  const ownRole = me?.role;
  const canGrantFull = rolePermissionsPolicy.grantFull(me);
  // Only PERMISSION_FULL edits (the server refuses everyone else); others read the matrix.
  const canEdit = rolePermissionsPolicy.edit(me);

  return (
    <>
      <PageHeader
        title={t('administration.rolePermissions.title')}
        description={t('administration.rolePermissions.subtitle')}
      />
      <p className="mb-4 flex items-start gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-sky-100">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span id="role-permissions-apply-hint">{t('administration.rolePermissions.applyHint')}</span>
      </p>
      {ownRole && roles.some((r) => r.role === ownRole) && (
        <p id="role-permissions-own-hint" className="mb-4 flex items-start gap-2 text-sm text-slate-700">
          <Lock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>
            <strong className="font-semibold">{roleLabel(ownRole)}</strong> —{' '}
            {t('administration.rolePermissions.ownRoleHint')}
          </span>
        </p>
      )}

      {query.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label={t('app.loading')} />
        </div>
      ) : query.isError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-12 text-center shadow-sm ring-1 ring-slate-200"
        >
          <p className="text-sm text-slate-700">{t('administration.rolePermissions.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('administration.rolePermissions.retry')}
          </Button>
        </div>
      ) : (
        <>
          <p className="mb-2 text-xs text-slate-500 sm:hidden">{t('administration.rolePermissions.scrollHint')}</p>
          {/* Scrolls sideways inside its box on narrow screens; the permission column stays pinned. */}
          <div
            className="relative max-h-[70vh] overflow-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
            tabIndex={0}
            role="region"
            aria-label={t('administration.rolePermissions.caption')}
          >
            <table className="min-w-full border-separate border-spacing-0 text-left text-sm">
              <caption className="sr-only">{t('administration.rolePermissions.caption')}</caption>
              <thead className="text-xs font-semibold text-slate-600">
                <tr>
                  <th
                    scope="col"
                    className="sticky top-0 left-0 z-30 min-w-44 border-b border-slate-200 bg-slate-50 px-3 py-2.5 tracking-wide uppercase sm:min-w-60"
                  >
                    {t('administration.rolePermissions.permission')}
                  </th>
                  {roles.map((row) => {
                    const own = row.role === ownRole;
                    const dirty = isDirty(row);
                    const label = roleLabel(row.role);
                    return (
                      <th
                        key={row.role}
                        scope="col"
                        className={clsx(
                          'sticky top-0 z-20 min-w-28 border-b border-slate-200 px-2 py-2.5 text-center align-top',
                          own ? 'bg-slate-100' : 'bg-slate-50',
                        )}
                      >
                        <div className="flex flex-col items-center gap-1.5">
                          <span className="tracking-wide whitespace-nowrap text-slate-800 uppercase">{label}</span>
                          {!canEdit ? null : own ? (
                            <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-[11px] font-medium whitespace-nowrap text-slate-700">
                              <Lock className="size-3" aria-hidden="true" />
                              {t('administration.rolePermissions.ownRole')}
                            </span>
                          ) : (
                            <>
                              <Button
                                size="sm"
                                variant={dirty ? 'primary' : 'secondary'}
                                disabled={!dirty || (saving !== null && saving !== row.role)}
                                loading={saving === row.role}
                                aria-label={t('administration.rolePermissions.saveRole', { role: label })}
                                aria-describedby="role-permissions-apply-hint"
                                onClick={() => save.mutate({ role: row.role, list: current(row) })}
                              >
                                {t('administration.rolePermissions.save')}
                              </Button>
                              {dirty && (
                                <button
                                  type="button"
                                  className="rounded text-[11px] font-medium text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
                                  aria-label={t('administration.rolePermissions.discardRole', { role: label })}
                                  onClick={() => discard(row.role)}
                                  disabled={saving === row.role}
                                >
                                  {t('administration.rolePermissions.discard')}
                                </button>
                              )}
                              {dirty && <span className="sr-only">{t('administration.rolePermissions.unsaved')}</span>}
                            </>
                          )}
                        </div>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {permissions.map((permission) => {
                  const full = permission === PERMISSIONS.FULL;
                  return (
                    <tr key={permission} className="group">
                      <th
                        scope="row"
                        className="sticky left-0 z-10 border-b border-slate-100 bg-white px-3 py-2 text-left font-normal group-hover:bg-slate-50"
                      >
                        <span className="block font-medium text-slate-900">{permissionLabel(permission)}</span>
                        <code className="block text-[11px] break-all text-slate-500">{permission}</code>
                      </th>
                      {roles.map((row) => {
                        const own = row.role === ownRole;
                        const checked = current(row).includes(permission);
                        const locked = !canEdit || own || saving === row.role || (full && !canGrantFull && !checked);
                        return (
                          <td
                            key={row.role}
                            className={clsx(
                              'border-b border-slate-100 px-2 py-2 text-center',
                              own ? 'bg-slate-50' : 'group-hover:bg-slate-50',
                            )}
                          >
                            <input
                              type="checkbox"
                              className={checkbox}
                              checked={checked}
                              disabled={locked}
                              aria-describedby={own ? 'role-permissions-own-hint' : undefined}
                              title={
                                own
                                  ? t('administration.rolePermissions.ownRoleHint')
                                  : full && !canGrantFull && !checked
                                    ? t('administration.rolePermissions.fullOnlySuperadmin')
                                    : undefined
                              }
                              aria-label={t('administration.rolePermissions.cellLabel', {
                                role: roleLabel(row.role),
                                permission,
                              })}
                              onChange={(e) => toggle(row, permission, e.target.checked)}
                            />
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
