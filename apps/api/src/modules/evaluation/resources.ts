import { PLAY_RESOURCES } from '@habla/shared';
import type { ServerResource } from '../../crud/contract';
import { accountsScope, studentsScope } from '../tenancy/scopes';
import { sessionScope } from './session-rows';

/**
 * The sessions students played as the engine lists them, read only (decision 025): the view
 * `game_session_list` over `game_sessions` and their assignments, the students of the caller's scope.
 * A session's own page (its tries) and its evaluation are this module's verbs.
 */
export const gameSessionsResource: ServerResource = {
  def: PLAY_RESOURCES['game-sessions'],
  table: 'game_session_list',
  entity: 'game_sessions',
  tenantColumn: 'account_id',
  relations: {
    student_id: { targetTable: 'users', targetTitle: 'full_name', scope: studentsScope },
    game_id: { targetTable: 'games', targetTitle: 'name' },
    assignment_id: { targetTable: 'assignments', targetTitle: 'name' },
    account_id: { targetTable: 'accounts', targetTitle: 'name', scope: accountsScope },
  },
  many: {},
  scope: (u, p) => sessionScope(u, p, 't'),
};
