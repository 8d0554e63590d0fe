import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { TypeFilter } from './type-filter';

const TYPES = [
  { id: '1', name: 'LoRA', testId: 'model-filter-type-lora' },
  { id: '2', name: 'VAE', testId: 'model-filter-type-vae' },
];

/** A filter on `typeId`, keeping each choice it reports. */
function renderFilter(typeId: string | undefined) {
  const chosen: (string | undefined)[] = [];
  renderWithProviders(
    <TypeFilter
      types={TYPES}
      typeId={typeId}
      onChange={(next) => chosen.push(next)}
      allLabel="All"
      label="Type"
      testIdPrefix="model-filter-type"
    />,
  );
  return chosen;
}

describe('TypeFilter', () => {
  it('offers "All" first, then each type, and reports the one chosen', () => {
    const chosen = renderFilter(undefined);

    expect(screen.getByTestId('model-filter-types').textContent).toBe('AllLoRAVAE');
    fireEvent.click(screen.getByTestId('model-filter-type-vae'));

    expect(chosen).toEqual(['2']);
  });

  it('reports no type when "All" is chosen again', () => {
    const chosen = renderFilter('1');

    fireEvent.click(screen.getByTestId('model-filter-type-all'));

    expect(chosen).toEqual([undefined]);
  });
});
