import { SHELL_HINT_COOKIE } from '@suanli/contract';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_INTERFACE_SETTINGS, useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { followSessionWithShellHint } from './shell-hint';

let stop: () => void;
beforeEach(() => {
  stop = followSessionWithShellHint();
});
afterEach(() => {
  stop();
  useSession.getState().clearSession();
  useInterfaceSettings.getState().update(DEFAULT_INTERFACE_SETTINGS);
  Cookies.remove(SHELL_HINT_COOKIE, { path: '/' });
});

const hint = () => Cookies.get(SHELL_HINT_COOKIE);

describe("the shell hint (decision 0043): the server sends a signed-in page's shell while the console keeps it", () => {
  it('holds the interface language from a login, and follows a change of language', () => {
    expect(hint()).toBeUndefined();
    useSession.getState().setToken('a-token');
    expect(hint()).toBe('zh-CN');
    useInterfaceSettings.getState().setLanguage('en-US');
    expect(hint()).toBe('en-US');
  });

  it('goes with a logout, and with a session the server refused while its token stays stored', () => {
    useSession.getState().setToken('a-token');
    useSession.getState().clearSession();
    expect(hint()).toBeUndefined();
    useSession.getState().setToken('another-token');
    useSession.getState().setLoggedOut();
    expect(hint()).toBeUndefined();
  });

  it('is written at start for a token stored before, and removed at start when none is', () => {
    stop();
    localStorage.setItem('suanli.access-token', 'stored-earlier');
    useSession.setState({ token: 'stored-earlier', isLogin: true });
    stop = followSessionWithShellHint();
    expect(hint()).toBe('zh-CN');
    stop();
    useSession.setState({ token: null, isLogin: false });
    stop = followSessionWithShellHint();
    expect(hint()).toBeUndefined();
  });

  it('grants nothing when the language is switched while logged out', () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    expect(hint()).toBeUndefined();
  });
});
