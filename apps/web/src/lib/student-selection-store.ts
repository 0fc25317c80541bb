import { create } from 'zustand';

/** Seed §3: a student with its workspaces; one student and one workspace are selected at a time. */
export type WorkspaceSelection = { id: string; selected: boolean };
export type StudentSelection = { student_id: string; selected: boolean; workspaces: WorkspaceSelection[] };

type StudentSelectionState = {
  students: StudentSelection[];
  setStudents: (students: StudentSelection[]) => void;
  /** Select one student (and optionally one of its workspaces); every other selection is cleared. */
  select: (studentId: string, workspaceId?: string) => void;
  clearSelection: () => void;
};

/** Pure: the list with only `studentId` (and `workspaceId` within it) marked selected. */
export function selectStudent(
  students: readonly StudentSelection[],
  studentId: string,
  workspaceId?: string,
): StudentSelection[] {
  return students.map((s) => {
    const isChosen = s.student_id === studentId;
    return {
      ...s,
      selected: isChosen,
      workspaces: s.workspaces.map((w) => ({ ...w, selected: isChosen && w.id === workspaceId })),
    };
  });
}

export const useStudentSelectionStore = create<StudentSelectionState>()((set) => ({
  students: [],
  setStudents: (students) => set({ students }),
  select: (studentId, workspaceId) => set((s) => ({ students: selectStudent(s.students, studentId, workspaceId) })),
  clearSelection: () =>
    set((s) => ({
      students: s.students.map((st) => ({
        ...st,
        selected: false,
        workspaces: st.workspaces.map((w) => ({ ...w, selected: false })),
      })),
    })),
}));

/** The selected student and workspace ids, or null when nothing is selected. */
export function selectedStudent(
  students: readonly StudentSelection[],
): { student_id: string; workspace_id: string | null } | null {
  const student = students.find((s) => s.selected);
  if (!student) return null;
  return { student_id: student.student_id, workspace_id: student.workspaces.find((w) => w.selected)?.id ?? null };
}
