import { wallet, type EndpointData } from '@suanli/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { expectMessage } from '@/test/expectations';
import { ok, startFakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { LedgerTable } from './ledger-table';

type Row = EndpointData<typeof wallet.listLedger>['rows'][number];

const api = await startFakeApi();

function entry(index: number, direction: Row['direction']): Row {
  return {
    entryId: String(index),
    orderNo: `T2025060100000000${String(index).padStart(4, '0')}`,
    createTime: '2025-06-01T08:00:00Z',
    direction,
    transactionType: direction === 'income' ? 'transferIn' : 'transferOut',
    amount: '1234.00',
    actualAmount: '1234.00',
    balance: '100.00',
  };
}

/** A ledger of `count` entries, alternating income and expense, served a page at a time and filtered by direction. */
function serveLedger(count: number) {
  const rows = Array.from({ length: count }, (_, index) => entry(index + 1, index % 2 ? 'expense' : 'income'));
  api.on(wallet.listLedger, (request: FakeRequest) => {
    const direction = request.query.get('direction');
    const selected = rows.filter((row) => !direction || row.direction === direction);
    const pageNum = Number(request.query.get('pageNum'));
    const pageSize = Number(request.query.get('pageSize'));
    return ok({ rows: selected.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: selected.length });
  });
}

function rowsShown(): HTMLElement[] {
  return [...screen.getByTestId('ledger-table').querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];
}

async function chooseDirection(label: string) {
  fireEvent.mouseDown(within(screen.getByTestId('ledger-filter-direction')).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(label));
}

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useInterfaceSettings.getState().setLanguage('en-US');
});
afterEach(() => {
  vi.restoreAllMocks();
  window.innerWidth = 1280;
});

// The download itself is the browser's: a test keeps the files handed to it and follows no link.
function keepDownloads(): Blob[] {
  const saved: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:ledger';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return saved;
}

describe('the ledger table', () => {
  it('shows each entry with its labels and the amount signed by its direction', async () => {
    serveLedger(2);
    renderWithProviders(<LedgerTable />);

    await waitFor(() => expect(rowsShown()).toHaveLength(2));
    const [income, expense] = rowsShown();

    expect(income?.textContent).toContain('Transfer in');
    expect(income?.textContent).toContain('+¥1,234.00');
    expect(expense?.textContent).toContain('Expense');
    expect(expense?.textContent).toContain('-¥1,234.00');
  });

  it('asks the server for the chosen direction only, and says when nothing matches', async () => {
    serveLedger(1);
    renderWithProviders(<LedgerTable />);
    await waitFor(() => expect(rowsShown()).toHaveLength(1));

    await chooseDirection('Expense');

    await screen.findByText('No entries match these filters');
    expect(api.calls(wallet.listLedger).at(-1)?.query.get('direction')).toBe('expense');
    expect(screen.getByTestId('ledger-export').hasAttribute('disabled')).toBe(true);
  });

  it('says the ledger is empty, with nothing to export, before any money has moved', async () => {
    serveLedger(0);
    renderWithProviders(<LedgerTable />);

    await screen.findByText('No income or expense yet');
    expect(screen.getByTestId('ledger-export').hasAttribute('disabled')).toBe(true);
  });

  it('exports every page the filters select, not only the page on screen', async () => {
    const saved = keepDownloads();
    serveLedger(300);
    renderWithProviders(<LedgerTable />);
    await waitFor(() => expect(rowsShown()).toHaveLength(10));

    await chooseDirection('Income');
    await waitFor(() => expect(api.calls(wallet.listLedger).at(-1)?.query.get('direction')).toBe('income'));
    fireEvent.click(screen.getByTestId('ledger-export'));

    await waitFor(() => expect(saved).toHaveLength(1));
    const lines = (await saved[0]!.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(151);
    expect(lines.slice(1).every((line) => line.includes(',Income,'))).toBe(true);
    const exportCalls = api.calls(wallet.listLedger).filter((request) => request.query.get('pageSize') === '100');
    expect(exportCalls.map((request) => request.query.get('pageNum'))).toEqual(['1', '2']);
  });

  it('stops at the export limit and says how many entries it left out', async () => {
    const saved = keepDownloads();
    serveLedger(5_050);
    renderWithProviders(<LedgerTable />);
    await waitFor(() => expect(rowsShown()).toHaveLength(10));

    fireEvent.click(screen.getByTestId('ledger-export'));

    await expectMessage('Exported the newest 5,000 of 5,050 entries. Narrow the dates to export the rest.');
    expect((await saved[0]!.text()).split('\r\n').filter(Boolean)).toHaveLength(5_001);
  });
});

describe('the ledger on a phone', () => {
  beforeEach(() => {
    window.innerWidth = 390;
  });

  const cardsShown = () => [...screen.getByTestId('ledger-cards').querySelectorAll('li')];

  it('is an entry per card with its signed amount and balance, paged by previous and next', async () => {
    serveLedger(25);
    renderWithProviders(<LedgerTable />);

    await waitFor(() => expect(cardsShown()).toHaveLength(10));
    expect(screen.queryByTestId('ledger-table')).toBeNull();
    const first = screen.getByTestId('ledger-card-1');
    expect(first.textContent).toContain('Transfer in');
    expect(first.textContent).toContain('+¥1,234.00');
    expect(first.textContent).toContain('Balance after ¥100.00');
    expect(first.textContent).toContain('T20250601000000000001');
    expect(screen.getByTestId('ledger-pager-position').textContent).toBe('Page 1 of 3');

    fireEvent.click(screen.getByTestId('ledger-pager-next'));

    await screen.findByTestId('ledger-card-11');
    expect(screen.queryByTestId('ledger-card-1')).toBeNull();
    expect(api.calls(wallet.listLedger).at(-1)?.query.get('pageNum')).toBe('2');
    expect(screen.getByTestId('ledger-pager-position').textContent).toBe('Page 2 of 3');
  });

  it('folds its filters until asked for, counts those in force, and opens them again as they were', async () => {
    serveLedger(4);
    renderWithProviders(<LedgerTable />);
    await waitFor(() => expect(cardsShown()).toHaveLength(4));
    const toggle = screen.getByTestId('ledger-filters-toggle');
    expect(screen.queryByTestId('ledger-filters')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    await screen.findByTestId('ledger-filters');
    await chooseDirection('Expense');

    await waitFor(() => expect(cardsShown()).toHaveLength(2));
    expect(api.calls(wallet.listLedger).at(-1)?.query.get('direction')).toBe('expense');
    expect(toggle.textContent).toBe('Filters (1)');

    fireEvent.click(toggle);
    expect(screen.queryByTestId('ledger-filters')).toBeNull();
    expect(cardsShown()).toHaveLength(2);
    fireEvent.click(toggle);
    const direction = await screen.findByTestId('ledger-filter-direction');
    expect(direction.textContent).toContain('Expense');
  });
});
