import { clientActions, userActions } from '@habla/shared/policies/index';
import type { FeatureManifest } from '@/app/feature';
import type { RecordPanel } from '@/lib/record-panels';

/** What the people features add below a user's or a student's details. */
const peoplePanels: RecordPanel[] = [
  {
    id: 'ssn',
    resources: ['users', 'clients'],
    visible: (user, row, resource) => !!row.ssn && (resource === 'users' ? userActions : clientActions).revealSsn(user),
    load: () => import('./ssn-panel'),
  },
  {
    id: 'access',
    resources: ['users'],
    visible: (user) => userActions.readPermissions(user),
    load: () => import('./user-access-panel'),
  },
];

export const peopleFeature: FeatureManifest = { id: 'people', panels: peoplePanels };
