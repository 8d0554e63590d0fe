import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { renderWithProviders } from '@/test/render-with-providers';
import { LikeToggle } from './like-toggle';

/** A toggle as the catalogues use it, keeping the ids it was asked to toggle. */
function renderToggle({ liked = false, pending = false } = {}) {
  const toggled: string[] = [];
  renderWithProviders(
    <LikeToggle
      id="m1"
      liked={liked}
      count={7}
      label="Like Llama, 7 likes"
      testIdPrefix="model-like"
      toggle={{ mutate: (id) => toggled.push(id), isPending: pending }}
    />,
  );
  return toggled;
}

describe('LikeToggle', () => {
  beforeEach(() => {
    useLoginDialog.getState().hide();
  });

  it('toggles the like of a signed-in user, showing the count and whether they like it', () => {
    useSession.setState({ isLogin: true });
    const toggled = renderToggle({ liked: true });

    const button = screen.getByRole('button', { name: 'Like Llama, 7 likes' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.getAttribute('data-testid')).toBe('model-like-m1');
    expect(screen.getByTestId('model-like-count-m1').textContent).toBe('7');

    fireEvent.click(button);

    expect(toggled).toEqual(['m1']);
    expect(useLoginDialog.getState().open).toBe(false);
  });

  it('asks a guest to log in instead of toggling', () => {
    useSession.setState({ isLogin: false });
    const toggled = renderToggle();

    fireEvent.click(screen.getByTestId('model-like-m1'));

    expect(toggled).toEqual([]);
    expect(useLoginDialog.getState().open).toBe(true);
  });
});
