import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from './providers';
import { REDUCED_MOTION_QUERY } from './theme';

function motionDurations(): string[] {
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  return [...css.matchAll(/--ant-motion-duration-mid:\s*([^;}]+)/g)].map((match) => match[1]!.trim());
}

function renderConsole() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Button>OK</Button>
    </AppProviders>,
  );
  return screen.findByRole('button', { name: 'OK' });
}

afterEach(() => {
  vi.restoreAllMocks();
  document.head.querySelectorAll('style').forEach((style) => style.remove());
});

describe('motion', () => {
  it('animates by default', async () => {
    await renderConsole();
    expect(motionDurations()).toContain('0.2s');
  });

  it('stops animating when the system asks for less motion', async () => {
    const matchMedia = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      query === REDUCED_MOTION_QUERY ? { ...matchMedia(query), matches: true } : matchMedia(query),
    );
    await renderConsole();
    expect(motionDurations()).toContain('0s');
    expect(motionDurations()).not.toContain('0.2s');
  });
});
