import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '@suanli/contract';
import type { TestApp } from '../helpers/build-test-app.js';

export const expandDisk = (
  t: TestApp,
  token: string,
  payload: { id: string; dataDiskGb: unknown },
  options: { locale?: Locale; key?: string } = {},
) =>
  t.request({
    method: 'POST',
    url: '/api/equipment/deviceServer/expandDataDisk',
    token,
    payload,
    locale: options.locale ?? 'en-US',
    ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
  });

/** The data disk in all (free 50 GB plus the expansion) that the local driver holds for the application. */
export async function driverDiskGb(dataDir: string, id: string): Promise<number> {
  const text = await readFile(path.join(dataDir, 'apps', id, 'disk.json'), 'utf8');
  return (JSON.parse(text) as { dataDiskGb: number }).dataDiskGb;
}
