import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

/** A Kubernetes object as written in a manifest. */
interface KubeObject {
  apiVersion?: unknown;
  kind?: unknown;
  metadata?: { name?: string; namespace?: string };
  [field: string]: unknown;
}

interface Loaded {
  file: string;
  object: KubeObject;
}

interface Container {
  name: string;
  env?: { name: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
}

const describe = ({ file, object }: Loaded) =>
  `${file}: ${String(object.kind)} ${object.metadata?.name ?? '(no name)'}`;

/** Every object of every file the kustomization lists, and each file of the folder it forgets or that fails to parse. */
function load(dir: string, problems: string[]): Loaded[] {
  const kustomization = parseAllDocuments(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8'))[0]?.toJS() as {
    resources?: string[];
  };
  const listed = kustomization?.resources ?? [];
  readdirSync(dir)
    .filter((file) => /\.ya?ml$/.test(file) && file !== 'kustomization.yaml' && !listed.includes(file))
    .forEach((file) => problems.push(`${file}: not listed in kustomization.yaml's resources`));
  return listed.flatMap((file) => {
    const documents = parseAllDocuments(readFileSync(path.join(dir, file), 'utf8'));
    return documents.flatMap((document) => {
      if (document.errors.length > 0) {
        problems.push(...document.errors.map((error) => `${file}: ${error.message}`));
        return [];
      }
      const object = document.toJS() as KubeObject | null;
      return object ? [{ file, object }] : [];
    });
  });
}

/** The kubernetes-models class of the object's apiVersion and kind, whose validate() checks it against the schema. */
async function validate(loaded: Loaded): Promise<string | null> {
  const { apiVersion, kind } = loaded.object;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') {
    return `${describe(loaded)}: apiVersion and kind must be strings`;
  }
  let models: Record<string, unknown>;
  try {
    models = (await import(/* @vite-ignore */ `kubernetes-models/${apiVersion}`)) as Record<string, unknown>;
  } catch {
    return `${describe(loaded)}: unknown apiVersion ${apiVersion}`;
  }
  const Model = models[kind] as (new (data: unknown) => { validate(): void }) | undefined;
  if (typeof Model !== 'function') {
    return `${describe(loaded)}: no kind ${kind} in ${apiVersion}`;
  }
  try {
    new Model(loaded.object).validate();
    return null;
  } catch (error) {
    return `${describe(loaded)}: ${(error as Error).message}`;
  }
}

const containersOf = (object: KubeObject): Container[] => {
  const pod = (object.spec as { template?: { spec?: { containers?: Container[]; initContainers?: Container[] } } })
    ?.template?.spec;
  return [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])];
};

/**
 * The environment variables the Deployments give their containers: each `env` entry, and every key of the ConfigMaps
 * and Secrets they take whole through `envFrom` (which must be among the manifests).
 */
function deploymentVariables(objects: Loaded[], problems: string[]): Set<string> {
  const keysOf = (kind: string, name: string, user: Loaded): string[] => {
    const found = objects.find(({ object }) => object.kind === kind && object.metadata?.name === name)?.object;
    if (!found) {
      problems.push(`${describe(user)}: takes the variables of ${kind} ${name}, which no manifest defines`);
      return [];
    }
    return Object.keys({ ...(found.data as object), ...(found.stringData as object) });
  };
  const names = new Set<string>();
  for (const deployment of objects.filter(({ object }) => object.kind === 'Deployment')) {
    for (const container of containersOf(deployment.object)) {
      container.env?.forEach((variable) => names.add(variable.name));
      for (const source of container.envFrom ?? []) {
        const [kind, name] = source.configMapRef
          ? ['ConfigMap', source.configMapRef.name]
          : ['Secret', source.secretRef?.name ?? ''];
        keysOf(kind, name, deployment).forEach((key) => names.add(key));
      }
    }
  }
  return names;
}

/** The variables named in the first column of README.md's configuration table (`A` / `B` rows name several). */
export function readmeVariables(readme: string): Set<string> {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration\n')) ?? '';
  const firstCells = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1] ?? '');
  return new Set(firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!)));
}

/** The variables the server's configuration groups read: the keys of their zod objects (apps/server/src/config). */
export function configVariables(configDir: string): Set<string> {
  const sources = readdirSync(configDir)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(path.join(configDir, file), 'utf8'));
  return new Set(
    sources.flatMap((source) => [...source.matchAll(/(?:^\s+|[{,] )([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!)),
  );
}

const difference = (a: Set<string>, b: Set<string>) => [...a].filter((name) => !b.has(name)).sort();

/** What is wrong with the manifests in `dir`, measured against the README's configuration table: [] when nothing. */
export async function checkManifests(dir: string, readmeNames: Set<string>): Promise<string[]> {
  const problems: string[] = [];
  const objects = load(dir, problems);
  for (const loaded of objects) {
    const problem = await validate(loaded);
    if (problem) {
      problems.push(problem);
    }
  }
  const named = deploymentVariables(objects, problems);
  difference(named, readmeNames).forEach((name) => problems.push(`${name}: in the manifests, not in the README`));
  difference(readmeNames, named).forEach((name) => problems.push(`${name}: in the README, not in the manifests`));
  return problems;
}
