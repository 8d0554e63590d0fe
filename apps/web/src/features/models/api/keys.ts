import type { Locale } from '@suanli/contract';

/** Who reads the model center: texts come in the caller's language and likes are the caller's. */
export interface ModelViewer {
  language: Locale;
  signedIn: boolean;
}

/** Query keys of the model center. Everything carrying a like count sits under `models()`, so a like refreshes all. */
export const modelsKeys = {
  all: ['models'] as const,
  types: (language: Locale) => [...modelsKeys.all, 'types', language] as const,
  models: () => [...modelsKeys.all, 'models'] as const,
  page: ({ language, signedIn }: ModelViewer) => [...modelsKeys.models(), language, signedIn, 'page'] as const,
  one: ({ language, signedIn }: ModelViewer, id: string) =>
    [...modelsKeys.models(), language, signedIn, 'detail', id] as const,
};
