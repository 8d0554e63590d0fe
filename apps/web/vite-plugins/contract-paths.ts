import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

const CONTRACT_SOURCE = fileURLToPath(new URL('../../../packages/contract/src/', import.meta.url));
const VIRTUAL_ID = '\0suanli-contract-paths';
// What the console's HTTP client calls an endpoint by; the zod schemas, the OpenAPI texts and the server's own flags
// (auth, signing, idempotency) stay on the server, whose answers say what they need.
const CLIENT_FIELDS = ['method', 'path'] as const;

type EndpointLike = Record<string, unknown> & { id: string; method: string; path: string };

type Exports = Record<string, unknown>;

const isEndpoint = (value: unknown): value is EndpointLike =>
  typeof value === 'object' && value !== null && 'id' in value && 'method' in value && 'path' in value;

const isEndpointArea = (value: unknown): value is Exports =>
  typeof value === 'object' && value !== null && Object.values(value).some(isEndpoint);

// An enum of enums.ts: its values, label keys and zod schema.
const isEnum = (value: unknown): value is { name: string; values: string[] } =>
  typeof value === 'object' && value !== null && 'labelKey' in value && 'schema' in value && 'values' in value;

/** An endpoint area (`auth`, `users`, …), each endpoint reduced to the fields a client calls it by. */
function endpointTable(area: Exports): string {
  const table = Object.fromEntries(
    Object.entries(area)
      .filter((entry): entry is [string, EndpointLike] => isEndpoint(entry[1]))
      .map(([name, endpoint]) => [
        name,
        Object.fromEntries(CLIENT_FIELDS.filter((field) => field in endpoint).map((f) => [f, endpoint[f]])),
      ]),
  );
  return JSON.stringify(table);
}

/**
 * The contract's exports that carry zod schemas, rebuilt without them from the contract as it stands now: endpoint
 * areas as tables, enums through `enumLabels` (what defineEnum itself builds on).
 */
async function reducedExports(): Promise<string> {
  // The contract is TypeScript: Vite's module runner loads it.
  const { module: contract } = await runnerImport<Exports>(path.join(CONTRACT_SOURCE, 'index.ts'), {
    configFile: false,
    logLevel: 'silent',
  });
  const lines = [`import { enumLabels } from ${JSON.stringify(path.join(CONTRACT_SOURCE, 'enum-labels.ts'))};`];
  for (const [name, value] of Object.entries(contract)) {
    if (isEndpointArea(value)) {
      lines.push(`export const ${name} = ${endpointTable(value)};`);
    } else if (isEnum(value)) {
      lines.push(`export const ${name} = enumLabels(${JSON.stringify(value.name)}, ${JSON.stringify(value.values)});`);
    }
  }
  return lines.join('\n');
}

/**
 * The console imports its endpoints from `@suanli/contract` as the server does, so both are typed by one table; but
 * in the browser an endpoint is only a method and a path, and the zod schemas (about 35 kB compressed) would only
 * weigh on the first load. This plugin answers the console's `@suanli/contract` with the contract's zod-free entry
 * (`@suanli/contract/paths`) plus its endpoints and enums reduced at build time from the full contract: every
 * endpoint to its method and path, every enum to its values and label keys. A console import that only the
 * full contract has fails the build (a missing export), and so does zod reaching the bundle by another way. Types
 * still come from the full contract; the console's tests (vitest.config.ts) load the contract through this plugin too.
 */
export function contractPaths(): Plugin {
  return {
    name: 'suanli-contract-paths',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@suanli/contract' && importer !== VIRTUAL_ID ? VIRTUAL_ID : null;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        const zod =
          chunk.type === 'chunk' &&
          Object.keys(chunk.modules).find((module) => /[\\/]node_modules[\\/]zod[\\/]/.test(module));
        if (zod) {
          this.error(
            `zod reached the console's bundle (${chunk.fileName}: ${zod}); import from the contract only what @suanli/contract/paths has`,
          );
        }
      }
    },
    async load(id) {
      return id === VIRTUAL_ID ? `export * from '@suanli/contract/paths';\n${await reducedExports()}\n` : null;
    },
  };
}
