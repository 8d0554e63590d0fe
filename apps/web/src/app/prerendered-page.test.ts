import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_INTERFACE_SETTINGS, useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { PRERENDER_MARKERS } from './prerender-markers';
import { findPrerenderedPage } from './prerendered-page';
import { PRERENDERED_PATHS, SHELLED_PATHS } from './routes/route-table';

let root: HTMLElement;

/**
 * The document as a prerendered page arrives: #root holding the guest's page (or a signed-in page's shell), the
 * router's state beside it.
 */
function arriveAt(path: string, { language = 'zh-CN', signedIn = false } = {}) {
  window.history.replaceState(null, '', path);
  root = document.createElement('div');
  root.setAttribute(PRERENDER_MARKERS.languageAttribute, language);
  if (signedIn) {
    root.setAttribute(PRERENDER_MARKERS.signedInAttribute, '');
  }
  root.innerHTML = '<h1>应用中心</h1>';
  const state = document.createElement('script');
  state.type = 'application/json';
  state.id = PRERENDER_MARKERS.routerStateId;
  state.textContent = JSON.stringify({ loaderData: { root: null }, actionData: null, errors: null });
  document.body.replaceChildren(root, state);
}

beforeEach(() => arriveAt('/aigc'));
afterEach(() => {
  useSession.getState().clearSession();
  useInterfaceSettings.getState().update(DEFAULT_INTERFACE_SETTINGS);
  document.body.replaceChildren();
});

describe('a prerendered page', () => {
  it("is hydrated for a guest in its language, with the router's state and the page's component", async () => {
    const page = await findPrerenderedPage(root);
    expect(page?.hydrationData).toEqual({ loaderData: { root: null }, actionData: null, errors: null });
    expect(page?.loadedPages.get('aigc')).toBeTypeOf('function');
    expect(root.textContent).toBe('应用中心');
  });

  it('carries the answers a page rendered by the server was rendered with, and none from the build', async () => {
    expect((await findPrerenderedPage(root))?.queries).toEqual([]);
    const answers = [{ queryKey: ['catalogue', 'gpu-models'], data: [{ model: 'RTX 3060' }] }];
    const seeded = document.createElement('script');
    seeded.type = 'application/json';
    seeded.id = PRERENDER_MARKERS.queriesId;
    seeded.textContent = JSON.stringify(answers);
    document.body.append(seeded);
    expect((await findPrerenderedPage(root))?.queries).toEqual(answers);
  });

  it.each([
    ['a signed-in visitor', () => useSession.getState().setToken('token-of-an-earlier-visit')],
    ['a visitor who chose English', () => useInterfaceSettings.getState().setLanguage('en-US')],
    ['a link with an invitation code', () => arriveAt('/aigc?invitationCode=ABC123')],
    ['another colour', () => useInterfaceSettings.getState().update({ color: '#722ed1' })],
  ])('is dropped for %s, who starts from an empty root', async (_, arrange) => {
    arrange();
    expect(await findPrerenderedPage(root)).toBeNull();
    expect(root.childNodes).toHaveLength(0);
  });

  it('is absent from index.html, whose empty root is left as it is', async () => {
    root.removeAttribute(PRERENDER_MARKERS.languageAttribute);
    root.replaceChildren();
    expect(await findPrerenderedPage(root)).toBeNull();
  });
});

describe("a signed-in page's shell", () => {
  it('is hydrated by a console holding a token, in the language it was rendered in', async () => {
    useSession.getState().setToken('token-of-an-earlier-visit');
    useInterfaceSettings.getState().setLanguage('en-US');
    arriveAt('/userCenter', { language: 'en-US', signedIn: true });
    const page = await findPrerenderedPage(root);
    expect(page?.loadedPages.get('userCenter')).toBeTypeOf('function');
    expect(root.childNodes).toHaveLength(1);
  });

  it.each([
    ['a guest whose browser kept the hint after the token went', () => undefined],
    [
      'a signed-in visitor in another language',
      () => {
        useSession.getState().setToken('token-of-an-earlier-visit');
        useInterfaceSettings.getState().setLanguage('en-US');
      },
    ],
  ])('is dropped for %s, who starts from an empty root', async (_, arrange) => {
    arrange();
    arriveAt('/userCenter', { signedIn: true });
    expect(await findPrerenderedPage(root)).toBeNull();
    expect(root.childNodes).toHaveLength(0);
  });
});

describe('the pages rendered ahead', () => {
  it('are those a guest opens at a fixed address', () => {
    expect(PRERENDERED_PATHS).toEqual(expect.arrayContaining(['/', '/aigc', '/computerPower', '/viewApp']));
    expect(PRERENDERED_PATHS).not.toContain('/userCenter');
    expect(PRERENDERED_PATHS.some((path) => path.startsWith('/help'))).toBe(false);
  });

  it("as a signed-in user's shell are the pages behind login at a fixed address, less those the guard verifies", () => {
    expect(SHELLED_PATHS).toEqual(expect.arrayContaining(['/userCenter', '/myApp', '/voucherCenter', '/revAndexp']));
    expect(SHELLED_PATHS).not.toContain('/reward');
    expect(SHELLED_PATHS).not.toContain('/aigc');
    expect(SHELLED_PATHS.some((path) => PRERENDERED_PATHS.includes(path))).toBe(false);
  });
});
