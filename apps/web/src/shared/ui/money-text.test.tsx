import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoneyText } from './money-text';

describe('MoneyText', () => {
  it('shows a large balance with the currency and thousands separators', () => {
    render(<MoneyText value="1234567.80" data-testid="money" />);

    expect(screen.getByTestId('money').textContent).toBe('¥1,234,567.80');
  });

  it('shows a negative amount with its sign first', () => {
    render(<MoneyText value="-50.00" data-testid="money" />);

    expect(screen.getByTestId('money').textContent).toBe('-¥50.00');
  });

  it('shows income with a plus sign when signed', () => {
    render(<MoneyText value="50.00" signed data-testid="money" />);

    expect(screen.getByTestId('money').textContent).toBe('+¥50.00');
  });

  it('shows a unit price as any amount, with two decimals', () => {
    render(<MoneyText value="2.2800" data-testid="money" />);

    expect(screen.getByTestId('money').textContent).toBe('¥2.28');
  });
});
