import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient, AppProviders } from '@/app/providers';

/** Renders one component inside the console's real providers (i18n, cache, antd), without the router. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = createQueryClient();
  return { queryClient, ...render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>) };
}
