import { accountPanels } from '@/features/accounts/panels';
import { assessmentCells } from '@/features/assessments/panels';
import { gameListTools, gamePanels } from '@/features/games/panels';
import { peoplePanels } from '@/features/people/panels';
import { recordingCells } from '@/features/recordings/panels';
import { workspacePanels } from '@/features/workspaces/panels';
import { registerFieldCells } from '@/lib/field-cells';
import { registerListTools } from '@/lib/list-tools';
import { registerRecordPanels } from '@/lib/record-panels';

/**
 * Every feature's panels below a record (and tools on a list's selection, and cells of its fields), registered once when the route table loads. A feature adds
 * its `panels.ts` here; the generic show page reads the registry and names no feature.
 */
export function registerFeaturePanels(): void {
  registerRecordPanels([...peoplePanels, ...workspacePanels, ...accountPanels, ...gamePanels]);
  registerListTools(gameListTools);
  registerFieldCells(recordingCells);
  registerFieldCells(assessmentCells);
}
