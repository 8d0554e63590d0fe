import type { ReactNode } from 'react';

interface ScrollRegionProps {
  /** What the region holds, read out when it takes the focus. */
  label: string;
  /** The width below which the content scrolls sideways inside the region rather than squeezing. */
  minWidth: number;
  children: ReactNode;
}

/**
 * A wide table's frame that scrolls sideways on a narrow window and takes the keyboard's focus, so that arrow keys
 * scroll it too (axe "scrollable-region-focusable": a table's own scroll box cannot be focused).
 */
export function ScrollRegion({ label, minWidth, children }: ScrollRegionProps) {
  return (
    // A focusable region is how a keyboard reaches content that only scrolls; it holds no control of its own.
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
