import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { SearchField } from './search-field';

/** A field that keeps each search it asks for. */
function renderField(keyword?: string) {
  const searches: (string | undefined)[] = [];
  renderWithProviders(
    <SearchField
      keyword={keyword}
      onSearch={(text) => searches.push(text)}
      placeholder="Search"
      testId="model-search"
    />,
  );
  return { searches, field: screen.getByRole('searchbox', { name: 'Search' }) };
}

describe('SearchField', () => {
  it('asks once typing pauses, with the trimmed text', async () => {
    const { searches, field } = renderField();

    fireEvent.change(field, { target: { value: 'l' } });
    fireEvent.change(field, { target: { value: 'll' } });
    fireEvent.change(field, { target: { value: ' llama ' } });

    await waitFor(() => expect(searches).toEqual(['llama']), { timeout: 5000 });
    expect(field.getAttribute('data-testid')).toBe('model-search');
  });

  it('clears the search when the box is emptied', async () => {
    const { searches, field } = renderField('llama');
    expect((field as HTMLInputElement).value).toBe('llama');

    fireEvent.change(field, { target: { value: '  ' } });

    await waitFor(() => expect(searches).toEqual([undefined]), { timeout: 5000 });
  });
});
