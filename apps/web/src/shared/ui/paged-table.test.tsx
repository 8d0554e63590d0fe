import type { Page } from '@suanli/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { renderWithProviders } from '@/test/render-with-providers';
import { usePagedQuery, type PageParams } from '../query/use-paged-query';
import { PagedTable } from './paged-table';

interface Gpu {
  id: string;
  model: string;
}

type Fetcher = (params: PageParams) => Promise<Page<Gpu>>;

/** A server of `total` GPUs that records what it was asked, standing in for a paged endpoint. */
function gpuServer(initialTotal: number) {
  let total = initialTotal;
  const asked: PageParams[] = [];
  const fetcher: Fetcher = async (params) => {
    asked.push(params);
    const first = (params.pageNum - 1) * params.pageSize;
    const count = Math.max(0, Math.min(params.pageSize, total - first));
    const rows = Array.from({ length: count }, (_, index) => ({
      id: `${first + index}`,
      model: `GPU ${first + index}`,
    }));
    return { rows, total };
  };
  /** A deletion on the server side: fewer GPUs from the next request on. */
  const shrinkTo = (next: number) => {
    total = next;
  };
  return { asked, fetcher, shrinkTo };
}

function GpuTable({ fetcher, emptyText }: { fetcher: Fetcher; emptyText?: string }) {
  const paged = usePagedQuery({ queryKey: ['test', 'gpus'], fetcher });
  return (
    <PagedTable
      paged={paged}
      rowKey="id"
      emptyText={emptyText}
      columns={[
        {
          key: 'model',
          dataIndex: 'model',
          title: 'Model',
          sorter: true,
          filters: [{ text: 'RTX 4090', value: '4090' }],
        },
      ]}
      data-testid="gpu-table"
    />
  );
}

/** The empty state's words; null while the table shows none. */
function emptyText(): string | null {
  return document.querySelector('.ant-empty-description')?.textContent ?? null;
}

/** Whether antd's spinner over the table is spinning (its root carries aria-busy). */
function busy(): boolean {
  return screen.getByTestId('gpu-table').closest('[aria-busy]')?.getAttribute('aria-busy') === 'true';
}

function rowsShown(): string[] {
  return screen.queryAllByRole('row').flatMap((row) => (row.closest('tbody') ? [row.textContent ?? ''] : []));
}

beforeEach(() => {
  useInterfaceSettings.getState().setLanguage('en-US');
});

describe('the paged table', () => {
  it('asks the server for the page the user picks and shows its rows and the total', async () => {
    const server = gpuServer(25);
    renderWithProviders(<GpuTable fetcher={server.fetcher} />);

    await waitFor(() => expect(rowsShown()[0]).toBe('GPU 0'));
    expect(screen.getByText('25 in total')).toBeVisible();
    fireEvent.click(screen.getByTitle('2'));

    await waitFor(() => expect(rowsShown()[0]).toBe('GPU 10'));
    expect(server.asked.map(({ pageNum, pageSize }) => [pageNum, pageSize])).toEqual([
      [1, 10],
      [2, 10],
    ]);
  });

  it('sends a column sort to the server and goes back to the first page', async () => {
    const server = gpuServer(25);
    renderWithProviders(<GpuTable fetcher={server.fetcher} />);
    await waitFor(() => expect(rowsShown()).toHaveLength(10));
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(rowsShown()).toHaveLength(5));

    fireEvent.click(screen.getByText('Model'));

    await waitFor(() =>
      expect(server.asked.at(-1)).toEqual({ pageNum: 1, pageSize: 10, sort: { field: 'model', order: 'asc' } }),
    );
  });

  it('sends a column filter to the server beside the page, and goes back to the first page', async () => {
    const server = gpuServer(25);
    renderWithProviders(<GpuTable fetcher={server.fetcher} />);
    await waitFor(() => expect(rowsShown()).toHaveLength(10));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(rowsShown()[0]).toBe('GPU 10'));

    fireEvent.click(document.querySelector('.ant-table-filter-trigger') as Element);
    fireEvent.click(await screen.findByText('RTX 4090'));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(server.asked.at(-1)).toEqual({ pageNum: 1, pageSize: 10, model: ['4090'] }));
  });

  it('goes back to the last page with rows when a deletion empties the one shown', async () => {
    const server = gpuServer(11);
    const { queryClient } = renderWithProviders(<GpuTable fetcher={server.fetcher} />);
    await waitFor(() => expect(rowsShown()).toHaveLength(10));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(rowsShown()).toEqual(['GPU 10']));

    server.shrinkTo(10);
    await queryClient.invalidateQueries({ queryKey: ['test', 'gpus'] });

    await waitFor(() => expect(rowsShown()[0]).toBe('GPU 0'));
    expect(server.asked.at(-1)).toMatchObject({ pageNum: 1 });
  });

  it('says the list is empty in the words it is given, once the server has answered', async () => {
    renderWithProviders(<GpuTable fetcher={gpuServer(0).fetcher} emptyText="No GPUs rented yet" />);

    await waitFor(() => expect(emptyText()).toBe('No GPUs rented yet'));
    expect(screen.getByText('No GPUs rented yet')).toBeVisible();
  });

  it('falls back to the generic empty text in the current language', async () => {
    useInterfaceSettings.getState().setLanguage('zh-CN');
    renderWithProviders(<GpuTable fetcher={gpuServer(0).fetcher} />);

    await waitFor(() => expect(emptyText()).toBe('暂无数据'));
  });

  it('stays busy, without claiming to be empty, until the page arrives', async () => {
    let answer: (page: Page<Gpu>) => void = () => undefined;
    const pending = new Promise<Page<Gpu>>((resolve) => {
      answer = resolve;
    });
    renderWithProviders(<GpuTable fetcher={() => pending} />);

    await waitFor(() => expect(busy()).toBe(true));
    expect(emptyText()).toBeNull();

    answer({ rows: [{ id: '1', model: 'RTX 4090' }], total: 1 });

    await waitFor(() => expect(rowsShown()).toEqual(['RTX 4090']));
    expect(busy()).toBe(false);
    expect(emptyText()).toBeNull();
  });
});
