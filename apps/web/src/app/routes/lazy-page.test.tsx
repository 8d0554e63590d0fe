import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n';
import { ChunkLoadError, lazyPage } from './lazy-page';
import { RouteErrorPage } from './route-error-page';

function Page() {
  return <p>loaded</p>;
}

describe('lazy route chunks', () => {
  it('resolves to the page component when the chunk arrives in time', async () => {
    const route = await lazyPage(() => Promise.resolve({ default: Page }), 1_000)();

    expect(route.Component).toBe(Page);
  });

  it('fails with a chunk error when the chunk does not arrive within the time-out', async () => {
    const never = () => new Promise<{ default: typeof Page }>(() => undefined);

    await expect(lazyPage(never, 20)()).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('shows the error page with a retry button when a chunk fails to load', async () => {
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const router = createMemoryRouter([
      { path: '/', lazy: lazyPage(failing), ErrorBoundary: RouteErrorPage, HydrateFallback: () => null },
    ]);
    let reloaded = 0;
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...window.location, reload: () => (reloaded += 1) },
    });

    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    fireEvent.click(await screen.findByTestId('route-error-retry'));

    expect(screen.getByTestId('route-error').textContent).toContain('页面加载失败');
    expect(reloaded).toBe(1);
  });
});
