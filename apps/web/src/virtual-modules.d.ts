declare module 'virtual:antd-light-token' {
  import type { MappingAlgorithm, ThemeConfig } from 'antd';

  /** The console's default theme as antd's light algorithm derives it (vite-plugins/antd-light-token.ts). */
  const lightDefault: {
    seed: NonNullable<ThemeConfig['token']>;
    map: ReturnType<MappingAlgorithm>;
  };
  export default lightDefault;
}
