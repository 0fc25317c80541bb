import { ROLE_DEFAULT_PERMISSIONS, ROLE_VALUES, type Role } from '@habla/shared';
import type { DbOrTx } from '../client';
import { plans, rolePermissions, roles } from '../schema/index';

const ROLE_NAMES: Record<Role, string> = {
  SUPERADMIN: 'Superadmin',
  ADMIN: 'Admin',
  SUPPORT: 'Support',
  EDITOR: 'Content editor',
  VIEWER: 'Content viewer',
  ACCOUNT_ADMIN: 'Account admin',
  SUPERVISOR: 'Supervisor',
  THERAPIST: 'Therapist',
  STUDENT: 'Student',
};

/** Plans offered at launch; prices are placeholders the platform owner edits on the Plans screen. */
const PLANS = [
  { code: 'free_trial', description: 'Free trial', price: '0' },
  { code: 'parent_monthly', description: 'Parent, monthly', price: '9.99' },
  { code: 'parent_yearly', description: 'Parent, yearly', price: '99.00' },
  { code: 'therapist_monthly', description: 'Therapist, monthly', price: '29.00' },
  { code: 'therapist_yearly', description: 'Therapist, yearly', price: '290.00' },
  { code: 'school_yearly', description: 'School, yearly (per student)', price: '20.00', is_calculated: true },
  {
    code: 'therapist_center_yearly',
    description: 'Therapist center, yearly (per student)',
    price: '25.00',
    is_calculated: true,
  },
];

/**
 * Reference data every database needs, safe to run on every start: roles and plans are added when
 * missing; a role's default permissions are written only while that role has none, so a SUPERADMIN's
 * later edits survive restarts.
 */
export async function seedReference(db: DbOrTx): Promise<void> {
  await db
    .insert(roles)
    .values(ROLE_VALUES.map((code) => ({ code, name: ROLE_NAMES[code] })))
    .onConflictDoNothing();
  const granted = await db.selectDistinct({ role: rolePermissions.role }).from(rolePermissions);
  const hasAny = new Set(granted.map((g) => g.role));
  const missing = ROLE_VALUES.filter((r) => !hasAny.has(r)).flatMap((role) =>
    ROLE_DEFAULT_PERMISSIONS[role].map((permission) => ({ role, permission })),
  );
  if (missing.length) await db.insert(rolePermissions).values(missing).onConflictDoNothing();
  const known = new Set((await db.select({ code: plans.code }).from(plans)).map((x) => x.code.toLowerCase()));
  const newPlans = PLANS.filter((x) => !known.has(x.code));
  if (newPlans.length) await db.insert(plans).values(newPlans);
}
