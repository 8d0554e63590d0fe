import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../i18n';
import { useInterfaceSettings } from '../stores/interface-settings-store';
import { DateTime } from './date-time';

beforeEach(() => {
  useInterfaceSettings.getState().setLanguage('zh-CN');
});

describe('DateTime', () => {
  it('follows the interface language as the user switches it', () => {
    render(<DateTime value="2025-06-01T20:05:00" data-testid="time" />);
    expect(screen.getByTestId('time').textContent).toBe('2025-06-01 20:05');

    act(() => useInterfaceSettings.getState().setLanguage('en-US'));

    expect(screen.getByTestId('time').textContent).toBe('Jun 1, 2025 20:05');
    expect(screen.getByTestId('time').getAttribute('datetime')).toBe('2025-06-01T20:05:00');
  });

  it('shows a date without its time when asked', () => {
    render(<DateTime value="2025-06-01T20:05:00" format="date" data-testid="time" />);

    expect(screen.getByTestId('time').textContent).toBe('2025-06-01');
  });
});
