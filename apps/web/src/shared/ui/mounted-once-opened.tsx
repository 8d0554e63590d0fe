import { useState, type ReactNode } from 'react';

/**
 * A dialog or drawer from the first time it opens on, and nothing before: a closed antd Modal or Drawer still sets
 * state as it mounts (its portal, its focus trap, its motion), which made React render the whole header again, at
 * once, as the console took over a page (issue 25). Once opened it stays, so that closing it still animates.
 */
export function MountedOnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // Set during render rather than in an effect, so the dialog mounts already open in the render that opens it.
  if (open && !opened) {
    setOpened(true);
  }
  return opened || open ? children : null;
}
