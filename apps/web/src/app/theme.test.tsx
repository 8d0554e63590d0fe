import { render } from '@testing-library/react';
import { ConfigProvider, theme, type GlobalToken, type ThemeConfig } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_INTERFACE_SETTINGS } from '@/shared/stores/interface-settings-store';
import { consoleTheme } from './theme';
import { hoverShade } from './theme-tokens';

// WCAG 2.1's contrast ratio of two #rrggbb colours.
function contrast(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the console theme on a light page', () => {
  const { token } = consoleTheme({ color: DEFAULT_INTERFACE_SETTINGS.color, dark: false, reducedMotion: false });

  it('keeps white text on a primary button at 4.5:1 or more, at rest and under the pointer', () => {
    expect(contrast('#ffffff', token!.colorPrimary!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', token!.colorPrimaryHover!)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a link under the pointer at 4.5:1 or more on white', () => {
    expect(contrast('#ffffff', token!.colorLinkHover!)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the console theme for a system that asks for less motion', () => {
  it('turns antd motion off, and keeps it on otherwise', () => {
    const theme = (reducedMotion: boolean) =>
      consoleTheme({ color: DEFAULT_INTERFACE_SETTINGS.color, dark: false, reducedMotion }).token!.motion;
    expect(theme(true)).toBe(false);
    expect(theme(false)).toBe(true);
  });
});

describe('the shade under the pointer', () => {
  it('is the shade antd gives the colour when pressed, for the default and any chosen colour', () => {
    for (const color of [DEFAULT_INTERFACE_SETTINGS.color, '#1677ff', '#722ed1', '#13c2c2', '#fa541c']) {
      expect(hoverShade(color), color).toBe(
        theme.getDesignToken({ token: { colorPrimary: color } }).colorPrimaryActive,
      );
    }
  });
});

describe("the default theme's tokens, derived when the console is built", () => {
  const tokenUnder = (config: ThemeConfig) => {
    let token: GlobalToken | undefined;
    function Probe() {
      token = theme.useToken().token;
      return null;
    }
    render(
      <ConfigProvider theme={config}>
        <Probe />
      </ConfigProvider>,
    );
    return token;
  };

  afterEach(() => vi.restoreAllMocks());

  it('are the tokens antd derives for it, served without deriving them again in the browser', () => {
    const options = { color: DEFAULT_INTERFACE_SETTINGS.color, dark: false, reducedMotion: false };
    const derive = vi.spyOn(theme, 'defaultAlgorithm');
    const served = tokenUnder(consoleTheme(options));
    expect(derive).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(served).toEqual(tokenUnder({ ...consoleTheme(options), algorithm: theme.defaultAlgorithm }));
  });

  it('leave any other colour, and less motion, to antd to derive', () => {
    const derive = vi.spyOn(theme, 'defaultAlgorithm');
    expect(tokenUnder(consoleTheme({ color: '#722ed1', dark: false, reducedMotion: false }))?.colorPrimary).toBe(
      '#722ed1',
    );
    expect(
      tokenUnder(consoleTheme({ color: DEFAULT_INTERFACE_SETTINGS.color, dark: false, reducedMotion: true }))?.motion,
    ).toBe(false);
    expect(derive).toHaveBeenCalledTimes(2);
  });
});
