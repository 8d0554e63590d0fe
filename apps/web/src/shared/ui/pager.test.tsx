import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { renderWithProviders } from '@/test/render-with-providers';
import { Pager } from './pager';

/** A pager over `total` cards, twelve a page, keeping the pages it asks for. */
function renderPager(pageNum: number, total: number) {
  const asked: number[] = [];
  renderWithProviders(
    <Pager
      pageNum={pageNum}
      pageSize={12}
      total={total}
      onPage={(page) => asked.push(page)}
      testIdPrefix="image-pager"
    />,
  );
  return asked;
}

describe('Pager', () => {
  it('shows the position and moves a page either way, not past the ends', () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    const asked = renderPager(1, 30);

    expect(screen.getByTestId('image-pager-position').textContent).toBe('Page 1 of 3');
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('image-pager-next'));

    expect(asked).toEqual([2]);
  });

  it('speaks Chinese on the last page', () => {
    useInterfaceSettings.getState().setLanguage('zh-CN');
    const asked = renderPager(3, 30);

    expect(screen.getByRole('navigation', { name: '分页' })).toBeVisible();
    expect(screen.getByTestId('image-pager-position').textContent).toBe('第 3 / 3 页');
    expect((screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));

    expect(asked).toEqual([2]);
  });

  it('is not shown when every card fits on one page', () => {
    renderPager(1, 12);

    expect(screen.queryByTestId('image-pager')).toBeNull();
  });
});
