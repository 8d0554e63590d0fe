import type { i18n as I18n } from 'i18next';

/** A region's name in the console's language. */
export const regionName = (region: { nameZh: string; nameEn: string }, i18n: I18n) =>
  i18n.language === 'zh-CN' ? region.nameZh : region.nameEn;
