const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

function isTabbable(element: HTMLElement): boolean {
  if (element.getClientRects().length === 0 || element.closest('[hidden], [aria-hidden="true"]')) {
    return false;
  }
  // Of a group of radios only the checked one is a Tab stop.
  return !(element instanceof HTMLInputElement && element.type === 'radio' && !element.checked);
}

/** The open modal dialog on top: the last visible one in the document, as antd portals each newer one after. */
function topDialog(): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')]
    .filter((dialog) => dialog.getClientRects().length > 0)
    .at(-1);
}

/**
 * Keeps Tab and Shift+Tab inside the open dialog (WCAG 2.4.3, issue 9). antd's own lock brings focus back only when it
 * lands on another element of the page; a dialog is portaled to the end of the page, so Tab from its last element
 * leaves the page for the browser's toolbar, where nothing brings it back. Here the last element wraps to the first
 * and the first to the last. Answers the function that stops it.
 */
export function keepFocusInDialogs(): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    const dialog = event.key === 'Tab' ? topDialog() : undefined;
    if (!dialog) {
      return;
    }
    const stops = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(isTabbable);
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) {
      return;
    }
    const active = document.activeElement;
    const leaving = !dialog.contains(active) || active === (event.shiftKey ? first : last);
    if (leaving) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  };
  document.addEventListener('keydown', onKeyDown);
  return () => document.removeEventListener('keydown', onKeyDown);
}

/**
 * Keeps the key that opened a dialog out of it. A menu entry acts on Enter's keydown; a dialog that opens at once (the
 * user's system asks for less motion) has focus on its first button before the same key's keypress, whose default would
 * then press that button: "Contact us" closed by its own cross as it opened, a logout confirmed unasked. Space presses
 * a button on its keyup, so that is held back too. Answers the function that stops it.
 */
export function keepOpeningKeyOutOfDialogs(): () => void {
  const actingEvent: Record<string, string> = { Enter: 'keypress', ' ': 'keyup' };
  let pressedOn: EventTarget | null = null;
  const onKeyDown = (event: KeyboardEvent) => {
    pressedOn = event.target;
  };
  const onActing = (event: KeyboardEvent) => {
    const target = event.target;
    if (actingEvent[event.key] !== event.type || target === pressedOn || !(target instanceof Node)) {
      return;
    }
    if (topDialog()?.contains(target)) {
      event.preventDefault();
    }
  };
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('keypress', onActing, true);
  document.addEventListener('keyup', onActing, true);
  return () => {
    document.removeEventListener('keydown', onKeyDown, true);
    document.removeEventListener('keypress', onActing, true);
    document.removeEventListener('keyup', onActing, true);
  };
}
