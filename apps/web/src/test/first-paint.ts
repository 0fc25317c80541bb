import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until the widgets drawn after the first paint (components/ui/after-first-paint.tsx: the
 * header's user menu and student selector) have replaced their placeholders. A test holding a
 * placeholder's element across the swap would click a button no longer in the page, which a
 * person's pointer never can.
 */
export async function widgetsReady(): Promise<void> {
  await waitFor(() => expect(document.querySelector('[data-first-paint="placeholder"]')).toBeNull());
}
