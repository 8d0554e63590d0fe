import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/shared/i18n';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { SendCodeButton } from './send-code-button';

beforeEach(() => {
  useInterfaceSettings.getState().setLanguage('en-US');
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function button(): HTMLElement {
  return screen.getByTestId('send-code');
}

async function settle() {
  // Lets the awaited send resolve and React commit, without moving the fake clock.
  await act(async () => {
    await Promise.resolve();
  });
}

describe('the send-code button', () => {
  it('shows the count of its key after a remount, and none for another key', async () => {
    const view = render(
      <SendCodeButton onSend={() => Promise.resolve(true)} countdownKey="2:e@f.cn" testId="send-code" />,
    );
    fireEvent.click(button());
    await settle();
    act(() => vi.advanceTimersByTime(10_000));
    view.unmount();

    const again = render(
      <SendCodeButton onSend={() => Promise.resolve(true)} countdownKey="2:e@f.cn" testId="send-code" />,
    );
    expect(button().textContent).toBe('Resend in 50 s');
    again.unmount();
    render(<SendCodeButton onSend={() => Promise.resolve(true)} countdownKey="2:g@h.cn" testId="send-code" />);
    expect(button().hasAttribute('disabled')).toBe(false);
  });

  it('stays disabled for 60 seconds after a code went out, counting down, then allows a resend', async () => {
    let sends = 0;
    render(<SendCodeButton onSend={() => Promise.resolve(++sends > 0)} countdownKey="1:a@b.cn" testId="send-code" />);

    fireEvent.click(button());
    await settle();
    expect(sends).toBe(1);
    expect(button().hasAttribute('disabled')).toBe(true);
    expect(button().textContent).toBe('Resend in 60 s');

    act(() => vi.advanceTimersByTime(59_000));
    expect(button().hasAttribute('disabled')).toBe(true);
    expect(button().textContent).toBe('Resend in 1 s');

    act(() => vi.advanceTimersByTime(1_000));
    expect(button().hasAttribute('disabled')).toBe(false);
    expect(button().textContent).toBe('Get code');
  });

  it('does not count down when the code could not be sent', async () => {
    render(<SendCodeButton onSend={() => Promise.resolve(false)} countdownKey="1:c@d.cn" testId="send-code" />);

    fireEvent.click(button());
    await settle();

    expect(button().hasAttribute('disabled')).toBe(false);
    expect(button().textContent).toBe('Get code');
  });
});
