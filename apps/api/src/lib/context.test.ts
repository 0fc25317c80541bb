import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { users, accounts } from '../db/schema/index';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo';
import { createOwnedRow, createRow } from '../crud/service';
import { assessmentsResource } from '../modules/assessments/resources';
import { imagesResource } from '../modules/images/resources';
import { recordingsResource } from '../modules/recordings/resources';
import { toAuthUser, userWithPermissions } from '../modules/auth/sessions';
import { TENANCY_SERVER } from '../modules/tenancy/resources';
import { addWorkspaceMember, getLiveWorkspace, listWorkspaceMembers } from '../modules/tenancy/tenancy.service';
import { createSuperadminUser } from '../modules/users/users.service';
import { systemContext } from './context';

/**
 * Services run without a request: a job or the CLI builds a system context and
 * calls the engine and the tenancy services directly; the audit rows carry the context's actor and id.
 */
let t: TestApp;

async function principal(username: string) {
  const [row] = await t.app.db
    .select(userWithPermissions)
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.account_id))
    .where(eq(users.username, username));
  return toAuthUser(row!);
}

async function auditOf(requestId: string) {
  const res = await t.database.pool.query(
    'SELECT action, entity, entity_id, actor_user_id, account_id, request_id, ip FROM audit_log WHERE request_id = $1 ORDER BY at, id',
    [requestId],
  );
  return res.rows as {
    action: string;
    entity: string;
    entity_id: string;
    actor_user_id: string | null;
    account_id: string | null;
    request_id: string;
    ip: string | null;
  }[];
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.db, t.clock.now());
});

describe('services outside HTTP', () => {
  it('a job acting as an account admin creates a workspace through the engine and adds a member through the tenancy service, audited under its own id', async () => {
    const admin = await principal('accountadmin');
    const ctx = systemContext(t.app, { requestId: 'job:test.context:1', actor: admin });
    const [student] = (await t.database.pool.query("SELECT id FROM users WHERE username = 'student3'")).rows as {
      id: string;
    }[];
    const [therapist] = (await t.database.pool.query("SELECT id FROM users WHERE username = 'therapist'")).rows as {
      id: string;
    }[];

    const ws = await createRow(ctx, TENANCY_SERVER.workspaces, {
      name: 'Made by a job',
      type: 'other',
      student_id: student!.id,
    });
    expect(ws.account_id).toBe(admin.account_id);
    await addWorkspaceMember(ctx, await getLiveWorkspace(ctx, ws.id), {
      user_id: therapist!.id,
      workspace_role: 'THERAPIST',
    });
    expect((await listWorkspaceMembers(ctx, ws.id)).map((m) => m.user_id)).toContain(therapist!.id);

    const rows = await auditOf('job:test.context:1');
    expect(rows.map((r) => `${r.entity}.${r.action}`).sort()).toEqual(['workspaces.create', 'workspaces.member.add']);
    for (const r of rows) {
      expect(r.actor_user_id).toBe(admin.id);
      expect(r.account_id).toBe(admin.account_id);
      expect(r.entity_id).toBe(ws.id);
      expect(r.ip).toBeNull();
    }
  });

  it('an image, a recording or an assessment is created only with what its feature hands over, which no body field overrides', async () => {
    const admin = await principal('accountadmin');
    const ctx = systemContext(t.app, { requestId: 'job:test.context:owned', actor: admin });
    for (const r of [imagesResource, recordingsResource, assessmentsResource])
      await expect(createRow(ctx, r, { name: 'Side door', alt: 'x', title: 'x' }), r.entity).rejects.toThrow(
        /created by its feature's own route only/,
      );
    // Nor is there a generic JSON create beside the feature's own route.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'accountadmin', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    for (const url of ['/api/recordings', '/api/assessments']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers,
        payload: { title: 'Side door', student_id: admin.id, account_id: admin.account_id },
      });
      expect(res.statusCode, url).not.toBe(201);
    }
    const variant = (width: number) => ({ bytes: Buffer.alloc(width), contentType: 'image/png', width, height: width });
    const made = await createOwnedRow(
      ctx,
      imagesResource,
      { name: 'From a job', alt: 'A square', width: 1, size: 1, content_type: 'text/html', account_id: null },
      {
        keys: { original: 'k/original', medium: 'k/medium', thumb: 'k/thumb' },
        image: { original: variant(40), medium: variant(20), thumb: variant(10) },
        sha256: 'ab',
      },
    );
    expect(made).toMatchObject({
      name: 'From a job',
      alt: 'A square',
      width: 40,
      height: 40,
      size: 40,
      content_type: 'image/png',
      account_id: admin.account_id,
    });
    const { rows } = await t.database.pool.query(
      'SELECT original_key, medium_key, thumb_key, sha256 FROM images WHERE id = $1',
      [made.id],
    );
    expect(rows).toEqual([{ original_key: 'k/original', medium_key: 'k/medium', thumb_key: 'k/thumb', sha256: 'ab' }]);
  });

  it("the engine keeps the tenancy scope of the context actor: another account's workspace is missing (404)", async () => {
    const parent = await principal('parent');
    const ctx = systemContext(t.app, { requestId: 'job:test.context:2', actor: parent });
    const [other] = (
      await t.database.pool.query(
        "SELECT w.id FROM workspaces w JOIN accounts a ON a.id = w.account_id WHERE a.name = 'Demo Therapy Center' LIMIT 1",
      )
    ).rows as {
      id: string;
    }[];
    await expect(getLiveWorkspace(ctx, other!.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("the CLI creates the superadmin with a system context: audited with no actor and the CLI's request id, and the user can sign in", async () => {
    const ctx = systemContext(
      { db: t.app.db, config: t.config, log: t.app.log },
      { requestId: 'cli:create-superadmin:test' },
    );
    const id = await createSuperadminUser(ctx, {
      email: 'owner@example.test',
      username: 'owner',
      password: DEMO_PASSWORD,
    });
    const rows = await auditOf('cli:create-superadmin:test');
    expect(rows).toEqual([
      {
        action: 'create',
        entity: 'users',
        entity_id: id,
        actor_user_id: null,
        account_id: null,
        request_id: 'cli:create-superadmin:test',
        ip: null,
      },
    ]);
    await expect(
      createSuperadminUser(ctx, { email: 'other@example.test', username: 'OWNER', password: DEMO_PASSWORD }),
    ).rejects.toMatchObject({ statusCode: 409 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'owner', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a route still files its writes under the request id and address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'admin', password: DEMO_PASSWORD },
      headers: { 'x-request-id': 'ignored' },
    });
    expect(res.statusCode).toBe(200);
    const rows = (
      await t.database.pool.query(
        "SELECT request_id, ip FROM audit_log WHERE action = 'login.success' ORDER BY at DESC, id DESC LIMIT 1",
      )
    ).rows as {
      request_id: string;
      ip: string;
    }[];
    expect(rows[0]!.request_id).toMatch(/\S/);
    expect(rows[0]!.request_id).not.toMatch(/^(job|cli):/);
    expect(rows[0]!.ip).toBe('127.0.0.1');
  });
});
