import { toCsv } from '@/shared/format/csv';
import type { HostRow } from '../api/fleet-reads';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Hosts as CSV, headed in the reader's language: where each is, its state, and its GPUs counted by use. */
export function hostsCsv(rows: readonly HostRow[], t: Translate): string {
  const keys = ['name', 'region', 'state', 'gpuModel', 'total', 'free', 'busy', 'broken', 'managedBy'];
  return toCsv([
    keys.map((key) => t(`hosts.csv.columns.${key}`)),
    ...rows.map((host) => [
      host.name,
      host.regionName,
      t(`hosts.states.${host.state}`),
      host.gpus[0]?.model ?? '',
      String(host.counts.total),
      String(host.counts.free),
      String(host.counts.busy),
      String(host.counts.broken),
      t(`managedBy.${host.managedBy}`),
    ]),
  ]);
}
