import { theme } from 'antd';
import type { Plugin } from 'vite';
import { PRIMARY_COLOR } from '../src/shared/config/site.ts';
import { consoleTokens } from '../src/app/theme-tokens.ts';

const ID = 'virtual:antd-light-token';
const RESOLVED_ID = `\0${ID}`;

/**
 * `virtual:antd-light-token`: the console's default theme (its colour, light, with motion) as antd's light algorithm
 * derives it, `{ seed, map }`, derived once at build time rather than in every browser's first render (src/app/theme.ts).
 * The seed is antd's default seed under the console's tokens, as antd merges them before it calls the algorithm.
 */
export function antdLightToken(): Plugin {
  return {
    name: 'suanli-antd-light-token',
    resolveId: (id) => (id === ID ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) {
        return null;
      }
      const seed = {
        ...theme.defaultSeed,
        ...consoleTokens({ color: PRIMARY_COLOR, dark: false, reducedMotion: false }),
      };
      return `export default ${JSON.stringify({ seed, map: theme.defaultAlgorithm(seed) })};`;
    },
  };
}
