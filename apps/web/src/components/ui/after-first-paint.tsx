import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/**
 * `placeholder` in the first render, `children` in a transition right after it. For Headless UI's
 * Menu and Popover in the header: their buttons register with floating-ui as they mount, a state
 * update React must render at once, so in the first screen's commit they made the start-up's
 * longest task longer by a second pass over the shell (docs/performance-log.md, 2026-11-27).
 * The placeholder draws the same button. Pressed before the swap, it brings the real one at once and
 * presses it; focused when the swap comes, it hands the focus on: nobody loses a click or their place.
 */
export function AfterFirstPaint({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const pressed = useRef(false);
  const focused = useRef(false);

  useEffect(() => {
    const id = setTimeout(() => {
      // Read before React takes the placeholder out of the page (and the focus with it).
      focused.current = Boolean(box.current?.contains(document.activeElement));
      startTransition(() => setReady(true));
    }, 0);
    return () => clearTimeout(id);
  }, []);

  useEffect(() => {
    if (!ready || !(pressed.current || focused.current)) return;
    // A task later: the widget has registered its button by then (Headless UI does it in effects).
    const id = setTimeout(() => {
      const button = box.current?.querySelector<HTMLButtonElement>('button');
      button?.focus();
      // Unless the press's own click already reached the real button and opened it.
      if (pressed.current && button?.getAttribute('aria-expanded') !== 'true') button?.click();
      pressed.current = false;
    }, 0);
    return () => clearTimeout(id);
  }, [ready]);

  // A press starts at the pointer going down (the swap then happens before its click, which may
  // land on the placeholder as it leaves the page), or is a click from the keyboard.
  const press = () => {
    pressed.current = true;
    setReady(true);
  };
  return (
    <div
      ref={box}
      className="contents"
      data-first-paint={ready ? undefined : 'placeholder'}
      onPointerDownCapture={ready ? undefined : press}
      onClickCapture={ready ? undefined : press}
    >
      {ready ? children : placeholder}
    </div>
  );
}
