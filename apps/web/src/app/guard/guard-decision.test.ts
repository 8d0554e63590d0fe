import { describe, expect, it } from 'vitest';
import { ROUTE_BY_KEY } from '../routes/route-table';
import {
  decideAfterVerification,
  decideNavigation,
  isDuplicateNavigation,
  readInvitationCode,
  type GuardedRoute,
} from './guard-decision';

const open: GuardedRoute = { noPermission: true };
const closed: GuardedRoute = {};
const identity: GuardedRoute = { isAuth: true, cancelPass: false };

describe('decideNavigation', () => {
  it.each([
    ['an open route', open, true, 'proceed'],
    ['an open route', open, false, 'proceed'],
    ['a closed route', closed, true, 'proceed'],
    ['a closed route', closed, false, 'login'],
    ['an isAuth route', identity, true, 'verify'],
    ['an isAuth route', identity, false, 'login'],
    ['an open isAuth route', { ...identity, noPermission: true }, false, 'verify'],
  ] as const)('on %s with token=%s decides %s', (_label, route, hasToken, kind) => {
    expect(decideNavigation(route, hasToken).kind).toBe(kind);
  });

  it('sends a guest on a closed route to root', () => {
    expect(decideNavigation(closed, false)).toEqual({ kind: 'login', redirectTo: '/' });
  });

  it('lets a path no route claims through to the catch-all', () => {
    expect(decideNavigation(undefined, false)).toEqual({ kind: 'proceed' });
  });

  it('applies the flags of the real route table', () => {
    expect(decideNavigation(ROUTE_BY_KEY.model, false).kind).toBe('proceed');
    expect(decideNavigation(ROUTE_BY_KEY.mirror, false).kind).toBe('login');
    expect(decideNavigation(ROUTE_BY_KEY.reward, true).kind).toBe('verify');
    expect(decideNavigation(ROUTE_BY_KEY.APIOpen, false).kind).toBe('proceed');
  });
});

describe('decideAfterVerification', () => {
  it.each([
    ['1', true, 'proceed'],
    ['1', false, 'proceed'],
    ['0', true, 'stay'],
    ['0', false, 'redirect'],
    [null, true, 'stay'],
    [null, false, 'redirect'],
  ] as const)('with status %s and a previous page=%s decides %s', (status, hasPrevious, kind) => {
    expect(decideAfterVerification(status, identity, hasPrevious).kind).toBe(kind);
  });

  it('lets a route with cancelPass through even when not verified', () => {
    expect(decideAfterVerification('0', { isAuth: true, cancelPass: true }, true).kind).toBe('proceed');
  });
});

describe('duplicate navigation and invitation codes', () => {
  it('treats the same path and query as a duplicate, and nothing else', () => {
    const here = { pathname: '/aigc', search: '?a=1' };
    expect(isDuplicateNavigation(here, { pathname: '/aigc', search: '?a=1' })).toBe(true);
    expect(isDuplicateNavigation(here, { pathname: '/aigc', search: '?a=2' })).toBe(false);
    expect(isDuplicateNavigation(here, { pathname: '/model', search: '?a=1' })).toBe(false);
    expect(isDuplicateNavigation(null, here)).toBe(false);
  });

  it('reads the invitation code from any query string', () => {
    expect(readInvitationCode('?x=1&invitationCode=AB12')).toBe('AB12');
    expect(readInvitationCode('?invitationCode=')).toBeNull();
    expect(readInvitationCode('')).toBeNull();
  });
});
