import { generate } from '@ant-design/colors';
import type { ThemeConfig } from 'antd';

/**
 * Chinese first (issue 9): PingFang SC on Apple systems, Microsoft YaHei on Windows, Hiragino Sans GB on older macOS,
 * then the system's own; Latin text keeps the platform UI fonts that come first.
 */
export const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"WenQuanYi Micro Hei"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(', ');

/**
 * Text colours dark enough for WCAG AA (4.5:1) on white and on antd's light greys: antd's secondary and placeholder
 * greys (45 % and 25 % black) fall short, and so does its default blue behind white button text, and its error red
 * (#ff4d4f, 3.3:1) in which a form says what is wrong with an input: antd's own darker red (red-7) instead.
 */
const ACCESSIBLE_TEXT = {
  colorError: '#cf1322',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  colorTextDisabled: 'rgba(0, 0, 0, 0.5)',
};

/**
 * antd lightens a primary button and a link under the pointer, which takes white button text (and a link's text on
 * white) under 4.5:1 again: on a light page they darken instead, to the shade antd gives them when pressed (the
 * seventh of the palette antd derives from the colour). Read from the palette alone: deriving antd's whole token for
 * one shade cost the first render 10 ms, 40 ms on a slow phone (issue 25).
 */
export function hoverShade(color: string): string {
  return generate(color)[6]!;
}

export interface ThemeOptions {
  color: string;
  dark: boolean;
  reducedMotion: boolean;
}

/**
 * The console's own design tokens over antd's. Kept apart from theme.ts, which imports what the build derives from
 * them (virtual:antd-light-token), so that the build can import them (vite-plugins/antd-light-token.ts).
 */
export function consoleTokens(options: ThemeOptions): NonNullable<ThemeConfig['token']> {
  const light = {
    ...ACCESSIBLE_TEXT,
    colorPrimaryHover: hoverShade(options.color),
    colorLinkHover: hoverShade(options.color),
  };
  return {
    colorPrimary: options.color,
    colorLink: options.color,
    fontFamily: FONT_FAMILY,
    motion: !options.reducedMotion,
    ...(options.dark ? {} : light),
  };
}
