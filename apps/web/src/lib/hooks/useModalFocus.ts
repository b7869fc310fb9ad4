import { type KeyboardEvent, type RefObject, useEffect } from "react";

const FOCUSABLE = 'button:not([disabled]), [href], select, input, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Keyboard behaviour of a modal dialog (WAI-ARIA Authoring Practices, "Dialog (Modal)"): on open, focus
 * moves to the element `initialFocus` picks inside `panel` (else the panel itself); Tab and Shift+Tab
 * cycle inside the panel; Escape calls `onEscape` when given; on close, focus returns to the opener.
 * @param panel the dialog element (role="dialog").
 * @param options.initialFocus picks the element to focus first from the panel's focusable elements.
 * @param options.onEscape called on Escape; omit to ignore Escape.
 * @returns the `onKeyDown` handler to put on the panel.
 */
export function useModalFocus(
  panel: RefObject<HTMLElement | null>,
  options: {
    initialFocus?: (focusable: HTMLElement[]) => HTMLElement | null | undefined;
    onEscape?: () => void;
  } = {},
): (e: KeyboardEvent) => void {
  const { initialFocus } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening, like the dialog itself
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const el = panel.current;
    const items = el ? Array.from(el.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
    (initialFocus?.(items) ?? items[0] ?? el)?.focus();
    return () => opener?.focus();
  }, []);

  return (e: KeyboardEvent) => {
    if (e.key === "Escape" && options.onEscape) {
      e.stopPropagation();
      options.onEscape();
      return;
    }
    if (e.key !== "Tab" || !panel.current) return;
    const items = panel.current.querySelectorAll<HTMLElement>(FOCUSABLE);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      e.preventDefault();
      return;
    }
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
}
