import { useEffect } from 'react';
import { useTableStore } from '@/lib/table-store';

/** Name the loaded record in the breadcrumbs (seed §2: the item's name once loaded, else the id). */
export function useItemName(name: string | null): void {
  const setItemName = useTableStore((s) => s.setItemName);
  useEffect(() => {
    setItemName(name);
    return () => setItemName(null);
  }, [name, setItemName]);
}
