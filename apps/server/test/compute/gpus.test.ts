import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverGpus, parseNvidiaSmi } from '../../src/providers/compute/index.js';

const SAMPLE = [
  '0, NVIDIA GeForce RTX 4090, 24564 MiB',
  '1, NVIDIA A100-SXM4-80GB, 81920 MiB',
  '2, NVIDIA H100 80GB HBM3, 81559 MiB',
  '',
].join('\n');

const GPUS = [
  { index: 0, name: 'NVIDIA GeForce RTX 4090', memoryMib: 24_564 },
  { index: 1, name: 'NVIDIA A100-SXM4-80GB', memoryMib: 81_920 },
  { index: 2, name: 'NVIDIA H100 80GB HBM3', memoryMib: 81_559 },
];

describe('nvidia-smi output', () => {
  it('parses index, model and memory of each GPU', () => {
    expect(parseNvidiaSmi(SAMPLE)).toEqual(GPUS);
    expect(parseNvidiaSmi('')).toEqual([]);
  });

  it('keeps a comma inside a model name', () => {
    expect(parseNvidiaSmi('3, Tesla V100, PCIe, 16384 MiB\r\n')).toEqual([
      { index: 3, name: 'Tesla V100, PCIe', memoryMib: 16_384 },
    ]);
  });

  it('refuses a line it does not understand', () => {
    expect(() =>
      parseNvidiaSmi('NVIDIA-SMI has failed because it could not communicate with the NVIDIA driver'),
    ).toThrow(/unexpected nvidia-smi line/);
  });
});

describe('GPU discovery', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'suanli-nvidia-smi-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const fakeCommand = (name: string, script: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, `#!/bin/sh\n${script}\n`);
    chmodSync(file, 0o755);
    return file;
  };

  it('answers null on a host without nvidia-smi', async () => {
    expect(await discoverGpus(path.join(dir, 'absent-nvidia-smi'))).toBeNull();
  });

  it('answers the GPUs nvidia-smi lists, asking it for index, name and memory', async () => {
    const command = fakeCommand(
      'nvidia-smi',
      `[ "$1" = "--query-gpu=index,name,memory.total" ] && [ "$2" = "--format=csv,noheader" ] || exit 2\ncat <<'OUT'\n${SAMPLE}OUT`,
    );
    expect(await discoverGpus(command)).toEqual(GPUS);
  });

  it('throws when nvidia-smi is there but fails', async () => {
    const command = fakeCommand('broken-nvidia-smi', 'echo "NVIDIA-SMI has failed" >&2; exit 9');
    await expect(discoverGpus(command)).rejects.toThrow();
  });
});
