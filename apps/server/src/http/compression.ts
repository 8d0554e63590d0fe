import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below about 1 kB an answer travels in one packet with its headers, and compressing it would only cost time. */
export const COMPRESSION_THRESHOLD_BYTES = 1_024;

/**
 * Compresses answers of COMPRESSION_THRESHOLD_BYTES and more (JSON, the OpenAPI document, metrics), with
 * `Vary: Accept-Encoding`. gzip comes first because these answers are compressed on every request: on getUserInfo's
 * 1.1 kB, gzip takes about 35 µs for 444 bytes where Brotli at quality 4 takes about 65 µs for 420; clients that
 * accept only Brotli get it. The console's files are compressed once, at build time, with Brotli 11.
 *
 * It adds itself to the routes registered after it: app.ts registers it after the console's files and before
 * everything else. A route's own onSend hooks run first, so an idempotent answer is recorded as the JSON text it is.
 * Compressed request bodies are not accepted: nothing sends one, and each would be a decompression to guard.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ['gzip', 'br'],
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
