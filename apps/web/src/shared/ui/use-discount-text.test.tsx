import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { renderWithProviders } from '@/test/render-with-providers';
import { useDiscountText } from './use-discount-text';

function Discounts() {
  const discountText = useDiscountText();
  return <span data-testid="discounts">{[8_500, 9_500, 9_000, 9_750].map(discountText).join(' | ')}</span>;
}

describe('a discount as the console writes it', () => {
  it('reads as 折 in Chinese', async () => {
    useInterfaceSettings.getState().setLanguage('zh-CN');
    renderWithProviders(<Discounts />);
    expect((await screen.findByTestId('discounts')).textContent).toBe('8.5 折 | 9.5 折 | 9 折 | 9.75 折');
  });

  it('reads as what comes off in English', async () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    renderWithProviders(<Discounts />);
    expect((await screen.findByTestId('discounts')).textContent).toBe('15 % off | 5 % off | 10 % off | 2.5 % off');
  });
});
