import { accountsPolicy } from '@habla/shared/policies/index';
import type { FeatureManifest } from '@/app/feature';
import type { RecordPanel } from '@/lib/record-panels';

/** An account's billing statements below its details. */
const accountPanels: RecordPanel[] = [
  {
    id: 'statements',
    resources: ['accounts'],
    visible: (user) => accountsPolicy.can(user, 'read'),
    load: () => import('./statements-panel'),
  },
];

export const accountsFeature: FeatureManifest = { id: 'accounts', panels: accountPanels };
