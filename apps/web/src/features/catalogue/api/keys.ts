import type { Locale } from '@suanli/contract';
import { rootKeys } from '@/shared/query/root-keys';

/**
 * Who reads an image: the server writes its texts in the caller's language and marks the caller's own likes and
 * revisable images, so a language switch or a login reads them again under a key of its own.
 */
export interface Viewer {
  language: Locale;
  signedIn: boolean;
}

/**
 * How long the application center's first page and banners count as fresh. A guest's first visit gets them with the
 * page's HTML (src/prerender.tsx); without this the page would ask for them again the moment it is hydrated.
 */
export const FIRST_SCREEN_STALE_MS = 30_000;

/**
 * Query keys of the catalogue area. Everything that carries a like count sits under `images()`, so a like refreshes
 * the cards, the banners and the detail at once. A quote with the caller's VIP discount sits under the wallet root,
 * where VIP growth lives, and leaves with the session.
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  types: (language: Locale) => [...catalogueKeys.all, 'types', language] as const,
  gpuModels: () => [...catalogueKeys.all, 'gpu-models'] as const,
  regions: (language: Locale) => [...catalogueKeys.all, 'regions', language] as const,
  /** Free GPUs now and the caller's price for each model an image runs on. */
  availability: ({ language, signedIn }: Viewer, imageId: string) =>
    [...catalogueKeys.all, 'availability', language, signedIn, imageId] as const,
  images: () => [...catalogueKeys.all, 'images'] as const,
  imagesFor: ({ language, signedIn }: Viewer) => [...catalogueKeys.images(), language, signedIn] as const,
  imagePage: (viewer: Viewer) => [...catalogueKeys.imagesFor(viewer), 'page'] as const,
  banners: (viewer: Viewer) => [...catalogueKeys.imagesFor(viewer), 'banners'] as const,
  image: (viewer: Viewer, id: string) => [...catalogueKeys.imagesFor(viewer), 'detail', id] as const,
  gpuPrice: (gpuModel: string) => [...rootKeys.wallet, 'gpu-price', gpuModel] as const,
};
