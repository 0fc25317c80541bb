import { create } from 'zustand';

/** Seed §3 table state. `itemName` also names the current record in the breadcrumbs. */
export type TableState = {
  itemName: string | null;
  columnSearch: string | null;
  searchFilter: string;
  resetSearchFilter: boolean;
  setItemName: (itemName: string | null) => void;
  setColumnSearch: (columnSearch: string | null) => void;
  setSearchFilter: (searchFilter: string) => void;
  /** Empty the search text and raise the reset flag so list inputs clear themselves. */
  clearSearchFilter: () => void;
  /** Lower the reset flag once the inputs have cleared. */
  acknowledgeReset: () => void;
};

export const INITIAL_TABLE_STATE = {
  itemName: null,
  columnSearch: null,
  searchFilter: '',
  resetSearchFilter: false,
} as const;

export const useTableStore = create<TableState>()((set) => ({
  ...INITIAL_TABLE_STATE,
  setItemName: (itemName) => set({ itemName }),
  setColumnSearch: (columnSearch) => set({ columnSearch }),
  setSearchFilter: (searchFilter) => set({ searchFilter, resetSearchFilter: false }),
  clearSearchFilter: () => set({ searchFilter: '', resetSearchFilter: true }),
  acknowledgeReset: () => set({ resetSearchFilter: false }),
}));
