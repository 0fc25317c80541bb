import { ROLES } from '@habla/shared';
import { getRow, inTransaction, auditRows, type CrudContext, type Row } from '../../crud/service';
import { likeEscape, SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import { fieldError, notFound } from '../../lib/errors';
import { decryptText, secretKey } from '../../lib/secrets';
import { TENANCY_SERVER } from './resources';
import { studentsScope, workspacesScope } from './scopes';

export type Member = {
  id: string;
  user_id: string;
  full_name: string;
  username: string;
  role: string;
  workspace_role: string;
  relationship_to_student: string | null;
};
export type MemberInput = { user_id: string; workspace_role: string; relationship_to_student?: string | null };
export type SelectorStudent = {
  student_id: string;
  name: string;
  workspaces: { id: string; name: string; type: string }[];
};

const workspaces = TENANCY_SERVER.workspaces;

/** A live workspace in the caller's scope (the engine's scoped read), or 404. */
export async function getLiveWorkspace(ctx: CrudContext, id: string): Promise<Row> {
  const ws = await getRow(ctx, workspaces, id);
  if (ws.deleted_at) throw notFound();
  return ws;
}

export async function listWorkspaceMembers(ctx: CrudContext, workspaceId: string): Promise<Member[]> {
  const res = await poolOf(ctx.db).query(
    `SELECT m.id, m.user_id, u.full_name, u.username, u.role, m.workspace_role, m.relationship_to_student
       FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 ORDER BY u.full_name, m.id`,
    [workspaceId],
  );
  return res.rows as Member[];
}

/** Add a member or change their workspace role and relationship; members are adults of the workspace's account. */
export async function addWorkspaceMember(ctx: CrudContext, ws: Row, input: MemberInput): Promise<void> {
  const relationship = input.relationship_to_student ?? null;
  await inTransaction(ctx, workspaces, async (client) => {
    const who = await client.query(
      `SELECT 1 FROM users WHERE id = $1 AND account_id = $2 AND role <> '${ROLES.STUDENT}' AND deleted_at IS NULL`,
      [input.user_id, ws.account_id],
    );
    if (!who.rowCount) throw fieldError('user_id', 'validation.notInAccount');
    await client.query(
      `INSERT INTO workspace_members (workspace_id, user_id, workspace_role, relationship_to_student, created_at, updated_at, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $5, $6, $6)
       ON CONFLICT (workspace_id, user_id) DO UPDATE SET workspace_role = EXCLUDED.workspace_role, relationship_to_student = EXCLUDED.relationship_to_student, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
      [ws.id, input.user_id, input.workspace_role, relationship, ctx.now, ctx.actor.id],
    );
    await auditRows(client, ctx, workspaces, 'member.add', [
      {
        id: ws.id,
        changes: { member: input.user_id, workspace_role: input.workspace_role, relationship_to_student: relationship },
      },
    ]);
  });
}

export async function removeWorkspaceMember(ctx: CrudContext, ws: Row, memberId: string): Promise<void> {
  await inTransaction(ctx, workspaces, async (client) => {
    const res = await client.query(
      'DELETE FROM workspace_members WHERE id = $1 AND workspace_id = $2 RETURNING user_id',
      [memberId, ws.id],
    );
    if (!res.rowCount) throw notFound();
    await auditRows(client, ctx, workspaces, 'member.remove', [
      { id: ws.id, changes: { member: (res.rows[0] as { user_id: string }).user_id } },
    ]);
  });
}

/** The full SSN of a user or client the caller may read; every reveal is audited. */
export async function revealSsn(ctx: CrudContext, resource: 'users' | 'clients', id: string): Promise<string | null> {
  const r = TENANCY_SERVER[resource];
  await getRow(ctx, r, id);
  const res = await poolOf(ctx.db).query('SELECT ssn FROM users WHERE id = $1', [id]);
  const stored = (res.rows[0] as { ssn: string | null } | undefined)?.ssn ?? null;
  await inTransaction(ctx, r, (client) => auditRows(client, ctx, r, 'ssn.reveal', [{ id, changes: null }]));
  return stored ? decryptText(secretKey(ctx.config), stored) : null;
}

/**
 * The header selector (seed §4): the students the caller may see, each with the workspaces the
 * caller may see, in one query (at most 200 students; `q` narrows by name).
 */
export async function listSelectorStudents(ctx: CrudContext, q: string | undefined): Promise<SelectorStudent[]> {
  const p = new SqlParams();
  const students = studentsScope(ctx.actor, p);
  const wsScope = workspacesScope(ctx.actor, p, 'w') ?? 'true';
  const search = q?.trim() ? `AND t.full_name ILIKE ${p.add(`%${likeEscape(q.trim())}%`)}` : '';
  const res = await poolOf(ctx.db).query(
    `SELECT t.id AS student_id, t.full_name AS name,
            COALESCE((SELECT json_agg(json_build_object('id', w.id, 'name', w.name, 'type', w.type) ORDER BY w.name)
                        FROM workspaces w WHERE w.student_id = t.id AND w.deleted_at IS NULL AND ${wsScope}), '[]'::json) AS workspaces
       FROM users t WHERE t.deleted_at IS NULL AND ${students} ${search} ORDER BY t.full_name, t.id LIMIT 200`,
    p.values,
  );
  return res.rows as SelectorStudent[];
}
