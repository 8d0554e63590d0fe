import { formatMoney } from '@suanli/contract';
import { minutesCost } from '../../../src/modules/applications/billing.js';
import type { AppRow, DatabaseView } from './database-view.js';
import type { Model, ModelApp } from './model.js';
import type { WorkspaceProcess } from './workspace-processes.js';

const MINUTE_MS = 60_000;
// Between the reconciler's last confirmation and the stop, and between a check and the tick: what may go unbilled.
const UNSEEN_MINUTES = 2;

/** Statuses in which an application may hold GPUs: its workload runs, is coming up, or is being ended. */
export const HOLDING = ['creating', 'starting', 'running', 'restarting', 'stopping'];
/** Statuses in which the database says nothing of it runs. */
export const AT_REST = ['stopped', 'abnormal', 'destroyed'];

/** Every confirmed running minute billed exactly once, and nothing else. */
function billingOf(model: Model, app: ModelApp, row: AppRow, now: number) {
  const broken: string[] = [];
  const charged = formatMoney(row.charged);
  if (app.destroyed && row.charged > app.chargedAtDestroy!) {
    broken.push(`charged after its destroy was answered: ${formatMoney(app.chargedAtDestroy!)} then ${charged}`);
  }
  if (app.billingMode !== 'minute') {
    // A refund (destroyed or ended early) may give some back, never more than was paid; nothing else moves.
    if (row.charged > app.prepaid || row.charged < 0n) {
      broken.push(`prepaid ${formatMoney(app.prepaid)} for its terms but its order was charged ${charged}`);
    }
    return broken;
  }
  const cost = minutesCost(row.hourlyPriceUnits!, 0, row.billedMinutes);
  if (row.charged !== cost || row.spentUnits !== cost) {
    broken.push(
      `${row.billedMinutes} billed minutes cost ${formatMoney(cost)}, but its order was charged ${charged} ` +
        `and its cost reads ${formatMoney(row.spentUnits)}`,
    );
  }
  const most = model.maxBillableMinutes(app, now);
  if (row.billedMinutes > most) {
    broken.push(`${row.billedMinutes} minutes billed, but it can have been confirmed running for ${most} at most`);
  }
  return broken;
}

/**
 * Minutes it was seen running that its owner's stop left unbilled: a window its owner closed must have billed at
 * least the whole minutes between the first and last checks that saw it run (less what fell after the last
 * confirmation), when the owner could still pay.
 */
function unbilledOf(app: ModelApp, billedMinutes: number, canPay: boolean) {
  const window = app.windows.at(-1);
  if (!canPay || !window?.byOwner || window.seenFrom === null) {
    return [];
  }
  const seen = Math.floor((window.seenTo! - window.seenFrom) / MINUTE_MS);
  const billed = billedMinutes - window.billedWhenSeen;
  return billed < seen - UNSEEN_MINUTES
    ? [`seen running ${seen} whole minutes before its owner stopped it, ${billed} billed`]
    : [];
}

/** GPUs: none held by two workloads, none held by an application at rest, none running that the database freed. */
function gpusOf(view: DatabaseView, processes: WorkspaceProcess[]) {
  const broken: string[] = [];
  const holder = new Map(view.gpus.map((gpu) => [`${gpu.hostName}#${gpu.gpuIndex}`, gpu.applicationId]));
  for (const gpu of view.gpus) {
    const status = view.apps.get(gpu.applicationId)?.status;
    if (!status || !HOLDING.includes(status)) {
      broken.push(`GPU ${gpu.hostName}#${gpu.gpuIndex} held by application ${gpu.applicationId}, which is ${status}`);
    }
  }
  const users = new Map<string, string>();
  for (const process of processes) {
    for (const index of process.gpuIndexes) {
      const gpu = `${process.hostName}#${index}`;
      const other = users.get(gpu);
      if (other && other !== process.applicationId) {
        broken.push(`GPU ${gpu} used by the workloads of applications ${other} and ${process.applicationId}`);
      }
      users.set(gpu, process.applicationId);
      if (holder.get(gpu) !== process.applicationId) {
        broken.push(
          `the workload of application ${process.applicationId} (pid ${process.pid}) runs on GPU ${gpu}, ` +
            `which the database gives to ${holder.get(gpu) ?? 'nobody'}`,
        );
      }
    }
  }
  return broken;
}

/** Every invariant the model and the world must satisfy after a step: a list of what is broken, empty when none. */
export function brokenInvariants(model: Model, view: DatabaseView, processes: WorkspaceProcess[], now: number) {
  const broken: string[] = [];
  for (const app of model.apps.values()) {
    const row = view.apps.get(app.id);
    if (!row) {
      broken.push(`application ${app.id} is gone from the database`);
      continue;
    }
    const owner = model.users[app.owner]!;
    const canPay = (view.balances.get(owner.userId) ?? 0n) >= 10_000n;
    broken.push(
      ...[...billingOf(model, app, row, now), ...unbilledOf(app, row.billedMinutes, canPay)].map(
        (text) => `application ${app.id} (${app.billingMode}, ${row.status}): ${text}`,
      ),
    );
    if (AT_REST.includes(row.status)) {
      const alive = processes.filter((process) => process.applicationId === app.id);
      if (alive.length > 0) {
        broken.push(
          `application ${app.id} is ${row.status} in the database but its workload runs (pid ${alive.map((p) => p.pid).join(', ')})`,
        );
      }
    }
  }
  for (const [userId, balance] of view.balances) {
    if (balance < 0n) {
      broken.push(`user ${userId}'s balance is ${formatMoney(balance)}`);
    }
  }
  return [...broken, ...gpusOf(view, processes)];
}
