import { Modal } from 'antd';
import { render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { MountedOnceOpened } from './mounted-once-opened';

let mounted = 0;

/** Stands beside the dialog for what a closed antd Modal does as it mounts: counted while it is mounted. */
function MountProbe() {
  useEffect(() => {
    mounted += 1;
    return () => {
      mounted -= 1;
    };
  }, []);
  return null;
}

function Dialog({ open }: { open: boolean }) {
  return (
    <MountedOnceOpened open={open}>
      <MountProbe />
      <Modal open={open} title="联系我们" footer={null}>
        <p data-testid="dialog-body">客服</p>
      </Modal>
    </MountedOnceOpened>
  );
}

describe('a dialog mounted once opened', () => {
  it('is not mounted before it first opens, then stays mounted to close and open again', async () => {
    const { rerender } = render(<Dialog open={false} />);
    rerender(<Dialog open={false} />);
    expect(mounted).toBe(0);

    rerender(<Dialog open />);
    expect(await screen.findByTestId('dialog-body')).toBeVisible();
    expect(mounted).toBe(1);

    rerender(<Dialog open={false} />);
    // Still mounted, so that antd closes it with its animation rather than having it vanish.
    expect(mounted).toBe(1);

    rerender(<Dialog open />);
    await waitFor(() => expect(screen.getByTestId('dialog-body')).toBeVisible());
    expect(mounted).toBe(1);
  });
});
