import { useTranslation } from 'react-i18next';

/** The `images` namespace (shared/i18n/locales/<locale>/images.json), the one this feature speaks. */
export function useImagesTranslation() {
  return useTranslation('images');
}
