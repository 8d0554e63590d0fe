import type { Db, Tx } from '../../db/client.js';
import {
  countFreeGpus,
  isHostOutOfService,
  listCandidateHosts,
  listHeldGpus,
  releaseApplicationGpus,
  takeBestFitGpu,
  takeFreeGpus,
  type CandidateHost,
  type GpuDemand,
} from './scheduler.queries.js';

export interface AllocationRequest extends GpuDemand {
  /** Who will hold the GPUs: the application being accepted in the caller's transaction. */
  applicationId: bigint;
}

/** GPUs held by one application: all on one host. */
export interface HeldGpus {
  hostId: bigint;
  hostName: string;
  regionId: string;
  simulated: boolean;
  gpuIds: bigint[];
  /** The GPUs' numbers on the host, ascending: what the driver passes as CUDA_VISIBLE_DEVICES. */
  gpuIndexes: number[];
}

export interface GpuAllocation extends HeldGpus {
  allocated: true;
}

/** No host has that many GPUs of the model free (in the region or on the host asked for); the caller answers 409. */
export interface SoldOut {
  allocated: false;
  messageKey: 'inventory.soldOut';
}

const SOLD_OUT: SoldOut = { allocated: false, messageKey: 'inventory.soldOut' };

/** Thrown inside a savepoint to roll back the GPUs it locked on a host that ran short. */
class HostRanShort extends Error {}

type Taken = Awaited<ReturnType<typeof takeFreeGpus>>;

/**
 * Takes every GPU asked for on the host, or none: the GPUs locked before the host ran short are rolled back with a
 * savepoint, so that they are not kept from the other allocations of this moment until the caller's transaction ends.
 */
async function takeAllOnHost(tx: Tx, host: CandidateHost, request: AllocationRequest): Promise<Taken | null> {
  const take = (executor: Tx) => takeFreeGpus(executor, { ...request, hostId: host.hostId });
  try {
    return await tx.transaction(async (savepoint) => {
      const taken = await take(savepoint as unknown as Tx);
      if (taken.length < request.gpuCount) {
        throw new HostRanShort();
      }
      return taken;
    });
  } catch (error) {
    if (error instanceof HostRanShort) {
      return null;
    }
    throw error;
  }
}

/**
 * GPU placement (ARCHITECTURE §5): an application's GPUs are all on one host, chosen by best fit, and taken in the
 * transaction that accepts the application, so 200 requests racing for 100 GPUs make exactly 100 applications.
 */
export function schedulerService() {
  return {
    async allocateGpus(tx: Tx, request: AllocationRequest): Promise<GpuAllocation | SoldOut> {
      if (request.gpuCount === 1) {
        const [gpu] = await takeBestFitGpu(tx, request);
        if (!gpu) {
          return SOLD_OUT;
        }
        const { id, gpuIndex, ...host } = gpu;
        return { allocated: true, ...host, gpuIds: [id], gpuIndexes: [gpuIndex] };
      }
      for (const host of await listCandidateHosts(tx, request)) {
        const taken = await takeAllOnHost(tx, host, request);
        if (taken) {
          const gpus = [...taken].sort((a, b) => a.gpuIndex - b.gpuIndex);
          return {
            allocated: true,
            hostId: host.hostId,
            hostName: host.hostName,
            regionId: host.regionId,
            simulated: host.simulated,
            gpuIds: gpus.map((gpu) => gpu.id),
            gpuIndexes: gpus.map((gpu) => gpu.gpuIndex),
          };
        }
      }
      return SOLD_OUT;
    },

    /** Frees every GPU the application holds (it stopped or was destroyed); how many it held. */
    releaseGpus: (tx: Tx, applicationId: bigint) => releaseApplicationGpus(tx, applicationId),

    freeCount: (db: Db, demand: Omit<GpuDemand, 'gpuCount'>) => countFreeGpus(db, demand),

    /** Whether operators took the host out of service (drained, broken, a GPU broken): a prepaid refund then has no fee. */
    hostOutOfService: (db: Db, hostId: bigint) => isHostOutOfService(db, hostId),

    /** What the application holds, for the driver that runs it; null when it holds no GPU (stopped, destroyed). */
    async heldGpus(db: Db, applicationId: bigint): Promise<HeldGpus | null> {
      const rows = await listHeldGpus(db, applicationId);
      const first = rows[0];
      if (!first) {
        return null;
      }
      const { hostId, hostName, regionId, simulated } = first;
      return {
        hostId,
        hostName,
        regionId,
        simulated,
        gpuIds: rows.map((row) => row.id),
        gpuIndexes: rows.map((row) => row.gpuIndex),
      };
    },
  };
}

export type SchedulerService = ReturnType<typeof schedulerService>;
