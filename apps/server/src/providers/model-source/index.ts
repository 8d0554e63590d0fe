import { LocalModelSource } from './local.js';
import type { ModelSource } from './types.js';

export type { ModelFile, ModelSource } from './types.js';
export { LocalModelSource } from './local.js';

/**
 * The model center's source of files. Only the embedded one exists today; a model hub or an object-store bucket of
 * the real weights plugs in here as another adapter, chosen by a `config.modelSource` group (decision 0020).
 */
export function createModelSource(): ModelSource {
  return new LocalModelSource();
}
