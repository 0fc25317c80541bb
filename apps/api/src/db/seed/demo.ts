import type { Role } from '@habla/shared';
import type { Db } from '../client';
import { eq } from 'drizzle-orm';
import { appMeta, billings, plans, workspaceMembers, workspaces } from '../schema/index';
import { createAccount, createUser } from '../../modules/users/users.service';
import { sql } from 'drizzle-orm';

export const DEMO_PASSWORD = 'Habla-Demo-2026';

type DemoUser = {
  username: string;
  role: Role;
  first: string;
  last: string;
  relationship?: string;
  occupation?: string;
};

const PLATFORM: DemoUser[] = [
  { username: 'superadmin', role: 'SUPERADMIN', first: 'Sofia', last: 'Martinez' },
  { username: 'admin', role: 'ADMIN', first: 'Daniel', last: 'Okafor' },
  { username: 'support', role: 'SUPPORT', first: 'Priya', last: 'Raman' },
  { username: 'editor', role: 'EDITOR', first: 'Lucas', last: 'Bennett' },
  { username: 'viewer', role: 'VIEWER', first: 'Hannah', last: 'Kim' },
];
const CENTER: DemoUser[] = [
  { username: 'accountadmin', role: 'ACCOUNT_ADMIN', first: 'Olivia', last: 'Turner', occupation: 'other' },
  {
    username: 'supervisor',
    role: 'SUPERVISOR',
    first: 'Marcus',
    last: 'Reyes',
    occupation: 'therapist',
    relationship: 'therapist',
  },
  {
    username: 'therapist',
    role: 'THERAPIST',
    first: 'Emily',
    last: 'Chen',
    occupation: 'therapist',
    relationship: 'therapist',
  },
  { username: 'student', role: 'STUDENT', first: 'Leo', last: 'Walker' },
  { username: 'student2', role: 'STUDENT', first: 'Mia', last: 'Johnson' },
  { username: 'student3', role: 'STUDENT', first: 'Noah', last: 'Patel' },
];
const FAMILY: DemoUser[] = [
  {
    username: 'parent',
    role: 'ACCOUNT_ADMIN',
    first: 'Ana',
    last: 'Garcia',
    relationship: 'mother',
    occupation: 'other',
  },
  { username: 'student4', role: 'STUDENT', first: 'Mateo', last: 'Garcia' },
];

/**
 * The demo data set of docs/product.md §8, loaded once per database: an app_meta row claimed in the same
 * transaction guards it, so restarts (or two racing first starts) never duplicate it.
 * @returns whether it was loaded now.
 */
export async function seedDemo(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: 'seed:demo', value: { at: now.toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const add = (u: DemoUser, account_id: string | null) =>
      createUser(tx, {
        email: `${u.username}@example.com`,
        username: u.username,
        password: DEMO_PASSWORD,
        role: u.role,
        account_id,
        first_name: u.first,
        last_name: u.last,
        relationship_to_student: u.relationship ?? null,
        occupation: u.occupation ?? null,
        now,
      });
    const ids: Record<string, string> = {};
    for (const u of PLATFORM) ids[u.username] = await add(u, null);
    const center = await createAccount(tx, {
      name: 'Demo Therapy Center',
      membership_type: 'therapist_center',
      type: 'legal_person',
      membership_length: 'yearly',
      now,
    });
    for (const u of CENTER) ids[u.username] = await add(u, center);
    const family = await createAccount(tx, {
      name: 'Garcia Family',
      membership_type: 'parent',
      type: 'natural_person',
      membership_length: 'monthly',
      now,
    });
    for (const u of FAMILY) ids[u.username] = await add(u, family);
    // Care teams: the therapist works with Leo and Mia; the supervisor oversees those and Noah's; Ana runs Mateo's home
    // workspace.
    const ws = async (
      account: string,
      name: string,
      type: string,
      student: string,
      supervisor: string | null,
      members: [string, string, string][],
    ) => {
      const [w] = await tx
        .insert(workspaces)
        .values({
          account_id: account,
          name,
          type,
          student_id: ids[student]!,
          supervisor_id: supervisor ? ids[supervisor]! : null,
          summary_period: 'weekly',
          created_at: now,
          updated_at: now,
        })
        .returning({ id: workspaces.id });
      for (const [user, role, relationship] of members)
        await tx.insert(workspaceMembers).values({
          workspace_id: w!.id,
          user_id: ids[user]!,
          workspace_role: role,
          relationship_to_student: relationship,
          created_at: now,
          updated_at: now,
        });
    };
    await ws(center, 'Leo Walker · School', 'school', 'student', 'supervisor', [
      ['therapist', 'THERAPIST', 'therapist'],
    ]);
    await ws(center, 'Mia Johnson · Home', 'home', 'student2', 'supervisor', [['therapist', 'THERAPIST', 'therapist']]);
    await ws(center, 'Noah Patel · School', 'school', 'student3', 'supervisor', []);
    await ws(family, 'Mateo Garcia · Home', 'home', 'student4', null, [['parent', 'ADMIN', 'mother']]);
    const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.code, 'therapist_center_yearly'));
    await tx.insert(billings).values({
      account_id: center,
      product: 'Habla therapist center, yearly',
      plan_id: plan?.id ?? null,
      statement_frequency: 'monthly',
      payment_method: 'ach_transfer',
      amount: '1250.00',
      start_date: now.toISOString().slice(0, 10),
      created_at: now,
      updated_at: now,
    });
    // The therapist's own games beside the library: a draft still being built, and one shared with the center.
    const [first] = (
      await tx.execute<{ id: string }>(
        sql`SELECT c.id FROM chapters c JOIN levels l ON l.id = c.level_id ORDER BY l.position, c.position LIMIT 1`,
      )
    ).rows;
    const game = async (name: string, status: string, shared: boolean, targets: string[]) => {
      const made = await tx.execute<{ id: string }>(
        sql`INSERT INTO games (name, type, chapter_id, game_status, is_private, share_status, account_id, activities_count, created_at, updated_at, created_by, updated_by)
            VALUES (${name}, 'sentence_practice', ${first?.id ?? null}, ${status}, ${!shared}, ${shared ? 'SHARED' : null}, ${center}, ${targets.length}, ${now}, ${now}, ${ids.therapist}, ${ids.therapist}) RETURNING id`,
      );
      for (const [i, target] of targets.entries())
        await tx.execute(
          sql`INSERT INTO activities (game_id, position, answers, created_at, updated_at, created_by, updated_by)
              VALUES (${made.rows[0]!.id}, ${i + 1}, ${JSON.stringify({ target, distractors: [] })}::jsonb, ${now}, ${now}, ${ids.therapist}, ${ids.therapist})`,
        );
    };
    await game("Leo's farm sentences (draft)", 'WORK_IN_PROGRESS', false, [
      'The cow eats grass.',
      'The pig is muddy.',
      'The duck swims in the pond.',
    ]);
    await game('Morning routine', 'COMPLETED', true, [
      'I wake up early.',
      'I brush my teeth.',
      'I eat my breakfast.',
      'I put on my shoes.',
      'I walk to school.',
    ]);
    await tx.insert(billings).values({
      account_id: family,
      product: 'Habla parent, monthly',
      statement_frequency: 'monthly',
      payment_method: 'credit_card',
      amount: '9.99',
      start_date: now.toISOString().slice(0, 10),
      created_at: now,
      updated_at: now,
    });
    return true;
  });
}
