import { describe, expect, it } from 'vitest';
import { hasRoutePermission, isActionAllowed } from './permission';

const entries = [
  { permissionId: 'wallet', actionList: ['query', 'recharge'] },
  { permissionId: 'invoice', actionList: null },
];

describe('route permission', () => {
  it('lets a route without a permission through for anyone', () => {
    expect(hasRoutePermission(undefined, [])).toBe(true);
  });

  it('requires one of the listed permission ids', () => {
    expect(hasRoutePermission('wallet', entries)).toBe(true);
    expect(hasRoutePermission(['admin', 'invoice'], entries)).toBe(true);
    expect(hasRoutePermission(['admin', 'kol'], entries)).toBe(false);
    expect(hasRoutePermission('wallet', [])).toBe(false);
  });
});

describe('action permission', () => {
  it('hides an action missing from the action list of the route permission', () => {
    expect(isActionAllowed('recharge', 'wallet', entries)).toBe(true);
    expect(isActionAllowed('transfer', 'wallet', entries)).toBe(false);
  });

  it('does not restrict routes without a permission or entries without an action list', () => {
    expect(isActionAllowed('transfer', undefined, entries)).toBe(true);
    expect(isActionAllowed('delete', 'invoice', entries)).toBe(true);
  });
});
