import type { TestApp } from '../helpers/build-test-app.js';

type Locale = 'en-US' | 'zh-CN';

/** An operator's call to `/api/admin/fleet/*`, answered in English unless told. */
export const fleetCall = (
  t: TestApp,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
  locale: Locale = 'en-US',
) => t.request({ method, url: `/api/admin/fleet${path}`, token, payload, locale });

export interface HostView {
  id: string;
  name: string;
  regionId: string;
  regionName: string;
  state: 'active' | 'draining' | 'broken';
  managedBy: 'configuration' | 'operator';
  version: number;
  counts: { total: number; free: number; busy: number; broken: number };
  gpus: {
    id: string;
    gpuIndex: number;
    model: string;
    broken: boolean;
    applicationId: string | null;
    version: number;
  }[];
}

export async function listHosts(t: TestApp, token: string, query = ''): Promise<{ rows: HostView[]; total: number }> {
  const response = await fleetCall(t, token, 'GET', `/hosts${query}`);
  if (response.statusCode !== 200) {
    throw new Error(`listing hosts answered ${response.statusCode}: ${response.body}`);
  }
  return response.json().data;
}

export async function hostNamed(t: TestApp, token: string, name: string): Promise<HostView> {
  const { rows } = await listHosts(t, token, '?pageSize=100');
  const host = rows.find((row) => row.name === name);
  if (!host) {
    throw new Error(`no host ${name}`);
  }
  return host;
}

export const quote = (t: TestApp, query: string, token?: string) =>
  t.request({ method: 'GET', url: `/api/recharge/charge/getGpuPrice?${query}`, token });
