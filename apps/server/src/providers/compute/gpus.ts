import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** One GPU as `nvidia-smi` reports it: its number on the host (CUDA_VISIBLE_DEVICES), model and memory. */
export interface HostGpu {
  index: number;
  name: string;
  memoryMib: number;
}

const run = promisify(execFile);

/**
 * Parses `nvidia-smi --query-gpu=index,name,memory.total --format=csv,noheader`, one GPU a line such as
 * `0, NVIDIA GeForce RTX 4090, 24564 MiB`. A model name may itself hold a comma, so the index is the first field
 * and the memory the last.
 */
export function parseNvidiaSmi(output: string): HostGpu[] {
  return output
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const fields = line.split(',').map((field) => field.trim());
      const index = Number(fields[0]);
      const memory = /^(\d+)\s*MiB$/i.exec(fields.at(-1) ?? '');
      const name = fields.slice(1, -1).join(', ');
      if (fields.length < 3 || !Number.isInteger(index) || !memory || name === '') {
        throw new Error(`unexpected nvidia-smi line: ${line}`);
      }
      return { index, name, memoryMib: Number(memory[1]) };
    });
}

/**
 * The GPUs of this host, or null when it has no `nvidia-smi` (the inventory then offers the simulated fleet of the
 * configuration). An `nvidia-smi` that is present but fails throws: a GPU host with a broken driver must not pass
 * for a host without GPUs.
 */
export async function discoverGpus(command = 'nvidia-smi'): Promise<HostGpu[] | null> {
  try {
    const { stdout } = await run(command, ['--query-gpu=index,name,memory.total', '--format=csv,noheader'], {
      timeout: 10_000,
    });
    return parseNvidiaSmi(stdout);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return null;
    }
    throw error;
  }
}
