import { OperatorArea } from '@suanli/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGES, pagesFor } from './admin-pages';

describe('the console’s pages', () => {
  it('open at least one page to every operator area, so that an operator never finds the console empty', () => {
    for (const area of OperatorArea.values) {
      expect(pagesFor([area]).length, area).toBeGreaterThan(0);
    }
  });

  it('live each at a path of its own', () => {
    expect(new Set(ADMIN_PAGES.map((page) => page.path)).size).toBe(ADMIN_PAGES.length);
  });
});
