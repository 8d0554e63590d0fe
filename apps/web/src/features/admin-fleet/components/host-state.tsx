import { Tag } from 'antd';
import type { HostState } from '../api/fleet-reads';
import { useAdminFleetTranslation } from '../use-admin-fleet-translation';

// Typed by the contract's states, so a state it adds fails the type check here: the browser's contract carries the
// endpoints' paths only (vite-plugins/contract-paths.ts), not the HOST_STATES list. Only a host out of service is
// marked out: antd's coloured tags on a table row fall short of the contrast axe asks for.
const MARKED: Record<HostState, boolean> = { active: false, draining: true, broken: true };

export const HOST_STATE_VALUES = Object.keys(MARKED) as HostState[];

export function HostStateTag({ state }: { state: HostState }) {
  const { t } = useAdminFleetTranslation();
  return <Tag style={MARKED[state] ? { fontWeight: 600 } : undefined}>{t(`hosts.states.${state}`)}</Tag>;
}
