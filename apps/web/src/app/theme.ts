import { theme, type MappingAlgorithm, type ThemeConfig } from 'antd';
import lightDefault from 'virtual:antd-light-token';
import { consoleTokens, FONT_FAMILY, type ThemeOptions } from './theme-tokens';

/** The page itself (text outside antd's components) in the same stack as the components. */
export function applyDocumentFont(): void {
  document.body.style.fontFamily = FONT_FAMILY;
}

function sameSeed(seed: object, other: object): boolean {
  const entries = Object.entries(seed);
  return (
    entries.length === Object.keys(other).length &&
    entries.every(([key, value]) => (other as Record<string, unknown>)[key] === value)
  );
}

/**
 * antd's light algorithm, which derives the theme's palettes and sizes from its seed as the first render begins: a
 * slow phone's longest step of the console's first render (issue 25). For the console's default theme the build has
 * derived them already (vite-plugins/antd-light-token.ts); any other seed (a colour of the user's choosing, less
 * motion) is derived here as before. antd copies the map before it merges the overrides in, so the built one is
 * handed over as it is.
 */
const lightAlgorithm: MappingAlgorithm = (seed) =>
  sameSeed(seed, lightDefault.seed) ? lightDefault.map : theme.defaultAlgorithm(seed);

export function consoleTheme(options: ThemeOptions): ThemeConfig {
  return {
    token: consoleTokens(options),
    // A menu's popup sits below dialogs (antd puts it above, at 1050): an entry that opens a dialog ("Feedback",
    // "Contact us") leaves the pointer over the mask rather than over a popup that hovering keeps open (issue 9).
    components: { Menu: { zIndexPopup: 990 } },
    // Components take their styles from antd/dist/antd.css (main.tsx) rather than generating them as they render:
    // that generation was most of the first screen's script time (issue 8). Tokens still apply, as CSS variables. The
    // build leaves the generating code out of the bundle (decision 0044): this stays on.
    zeroRuntime: true,
    algorithm: options.dark ? theme.darkAlgorithm : lightAlgorithm,
  };
}
