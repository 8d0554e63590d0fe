import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { checkManifests, configVariables, readmeVariables } from './manifest-check.js';

// deploy/kubernetes (issue 24): every object valid against the Kubernetes schemas, and the same variables as the
// README's configuration table, which names what the server's configuration groups read.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DEPLOY = path.join(ROOT, 'deploy/kubernetes');
const readme = readmeVariables(readFileSync(path.join(ROOT, 'README.md'), 'utf8'));

const copies: string[] = [];
afterEach(() => copies.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the manifests with one file rewritten by `edit`. */
function brokenCopy(file: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'suanli-manifests-'));
  copies.push(dir);
  cpSync(DEPLOY, dir, { recursive: true });
  const target = path.join(dir, file);
  const before = readFileSync(target, 'utf8');
  const after = edit(before);
  expect(after).not.toBe(before);
  writeFileSync(target, after);
  return dir;
}

describe('deploy/kubernetes', () => {
  it('holds objects the Kubernetes schemas accept, giving the API exactly the README’s variables', async () => {
    expect(await checkManifests(DEPLOY, readme)).toEqual([]);
  });

  it('the README’s configuration table names every variable the server reads, and no other', () => {
    expect([...readme].sort()).toEqual([...configVariables(path.join(ROOT, 'apps/server/src/config'))].sort());
  });

  it('runs three non-root API replicas on a read-only root, probed on readyz and healthz, migrating first', () => {
    const deployment = parseAllDocuments(readFileSync(path.join(DEPLOY, 'deployment.yaml'), 'utf8'))[0]!.toJS();
    const pod = deployment.spec.template.spec;
    const api = pod.containers.find((container: { name: string }) => container.name === 'api');
    expect(deployment.spec.replicas).toBe(3);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(api.securityContext.readOnlyRootFilesystem).toBe(true);
    expect(api.readinessProbe.httpGet.path).toBe('/api/readyz');
    expect(api.livenessProbe.httpGet.path).toBe('/api/healthz');
    expect(pod.initContainers[0].command).toContain('apps/server/src/db/migrate-cli.ts');
  });

  describe('refuses', () => {
    it('an object the schema refuses', async () => {
      const dir = brokenCopy('service.yaml', (text) => text.replace('port: 80', "port: 'eighty'"));
      expect(await checkManifests(dir, readme)).toEqual([
        expect.stringMatching(/^service\.yaml: Service suanli-api: .*port must be integer/),
      ]);
    });

    it('an object missing a required field', async () => {
      const dir = brokenCopy('rbac.yaml', (text) => text.replace('  name: suanli-compute\nsubjects:', 'subjects:'));
      expect(await checkManifests(dir, readme)).toEqual([
        expect.stringMatching(/^rbac\.yaml: RoleBinding suanli-compute: .*roleRef.* must have required property name/),
      ]);
    });

    it('an unknown kind and a file the kustomization forgets', async () => {
      const dir = brokenCopy('pdb.yaml', (text) => text.replace('kind: PodDisruptionBudget', 'kind: PodBudget'));
      writeFileSync(path.join(dir, 'extra.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\n');
      expect(await checkManifests(dir, readme)).toEqual([
        "extra.yaml: not listed in kustomization.yaml's resources",
        'pdb.yaml: PodBudget suanli-api: no kind PodBudget in policy/v1',
      ]);
    });

    it('a variable of the README the manifests leave out, and one the README does not know', async () => {
      const dir = brokenCopy('configmap.yaml', (text) => text.replace('  LOG_LEVEL: info\n', '  LOG_LEVELS: info\n'));
      expect(await checkManifests(dir, readme)).toEqual([
        'LOG_LEVELS: in the manifests, not in the README',
        'LOG_LEVEL: in the README, not in the manifests',
      ]);
    });
  });
});
