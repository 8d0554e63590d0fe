import type { Readable } from 'node:stream';

/** One file of a model, by its path within the model's folder. */
export interface ModelFile {
  path: string;
  size: number;
}

/**
 * Where the model center's files come from (docs/decisions/0027). A model is a folder of files named by its
 * `model_key`; a file's key is `<model_key>/<path>`. The local adapter serves small stand-ins the project ships; a model
 * hub (Hugging Face, ModelScope) or an object-store bucket of the real weights is one more adapter of this interface,
 * chosen in index.ts, with nothing else to change: copies reach the bytes through `open` (the local compute driver) or
 * `url` (a Kubernetes copy Job fetches it).
 */
export interface ModelSource {
  readonly kind: 'local';
  /** The model's files, sorted by path; empty when the source has no such model. */
  files(modelKey: string): Promise<ModelFile[]>;
  /** A file's bytes, or null when it is not there. */
  open(key: string): Promise<Readable | null>;
  /** A link a copy Job can GET the file from. */
  url(key: string): Promise<string>;
}
