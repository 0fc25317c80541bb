import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AfterFirstPaint } from './after-first-paint';

function Real() {
  const [open, setOpen] = useState(false);
  return (
    <button type="button" data-real="" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
      Menu
    </button>
  );
}

const placeholder = (
  <button type="button" data-placeholder="" aria-expanded="false">
    Menu
  </button>
);

describe('AfterFirstPaint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws the placeholder first and the real widget in the next task', async () => {
    render(
      <AfterFirstPaint placeholder={placeholder}>
        <Real />
      </AfterFirstPaint>,
    );
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('data-placeholder');
    await act(async () => vi.runAllTimersAsync());
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('data-real');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('a press on the placeholder brings the real widget at once and presses it, with the focus', async () => {
    render(
      <AfterFirstPaint placeholder={placeholder}>
        <Real />
      </AfterFirstPaint>,
    );
    act(() => screen.getByRole('button', { name: 'Menu' }).click());
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('data-real');
    await act(async () => vi.runAllTimersAsync());
    const real = screen.getByRole('button', { name: 'Menu' });
    expect(real).toHaveAttribute('data-real');
    expect(real).toHaveAttribute('aria-expanded', 'true');
    expect(real).toHaveFocus();
  });

  it('a press whose pointer went down on the placeholder opens the real widget once, wherever its click lands', async () => {
    for (const clickLands of ['on the placeholder, gone', 'on the real button'] as const) {
      const { unmount } = render(
        <AfterFirstPaint placeholder={placeholder}>
          <Real />
        </AfterFirstPaint>,
      );
      const down = screen.getByRole('button', { name: 'Menu' });
      act(() => {
        down.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      });
      // The pointer went down: the real widget is there before the press's click.
      const real = screen.getByRole('button', { name: 'Menu' });
      expect(real).toHaveAttribute('data-real');
      act(() => (clickLands === 'on the real button' ? real : down).click());
      await act(async () => vi.runAllTimersAsync());
      expect(real).toHaveAttribute('aria-expanded', 'true');
      unmount();
    }
  });

  it('hands the focus on when the placeholder holds it at the swap', async () => {
    render(
      <AfterFirstPaint placeholder={placeholder}>
        <Real />
      </AfterFirstPaint>,
    );
    act(() => screen.getByRole('button', { name: 'Menu' }).focus());
    await act(async () => vi.runAllTimersAsync());
    await act(async () => vi.runAllTimersAsync());
    const real = screen.getByRole('button', { name: 'Menu' });
    expect(real).toHaveAttribute('data-real');
    expect(real).toHaveFocus();
    expect(real).toHaveAttribute('aria-expanded', 'false');
  });
});
