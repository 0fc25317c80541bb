import { PLAY_RESOURCES } from '@habla/shared';
import type { ServerResource } from '../../crud/contract';
import { accountsScope, studentsScope } from '../tenancy/scopes';
import { assignmentScope } from './scope';

/**
 * The games given to students as the engine lists them, read only (decision 025): the view
 * `assignment_list` over `assignments`, the students of the caller's scope (another's answer as if
 * missing). Assigning and unassigning are this module's own verbs.
 */
export const assignmentsResource: ServerResource = {
  def: PLAY_RESOURCES.assignments,
  table: 'assignment_list',
  entity: 'assignments',
  tenantColumn: 'account_id',
  relations: {
    student_id: { targetTable: 'users', targetTitle: 'full_name', scope: studentsScope },
    game_id: { targetTable: 'games', targetTitle: 'name' },
    account_id: { targetTable: 'accounts', targetTitle: 'name', scope: accountsScope },
  },
  many: {},
  scope: (u, p) => assignmentScope(u, p, 't'),
};
