import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/client.js';
import { listConsumers } from '../../events/operations.queries.js';
import type { Clock } from '../../jobs/clock.js';
import { jobOverview } from '../../jobs/job-runs.queries.js';
import type { ApplicationsModuleService } from '../applications/index.js';
import type { InventoryService } from '../inventory/index.js';
import type { WalletModuleService } from '../wallet/index.js';

export interface DashboardMetricsDependencies {
  db: Db;
  clock: Clock;
  inventory: Pick<InventoryService, 'gpuStates'>;
  applications: Pick<ApplicationsModuleService, 'admin'>;
  wallet: Pick<WalletModuleService, 'admin'>;
}

/**
 * The ledger check is a full scan of the ledger, so a scrape (every 15 to 60 s) reruns it only when its last result is
 * older than this, by the business clock. At scrape rather than as a scheduled job: a job would need a table for its
 * result, while here each instance keeps its own, and an instance nobody scrapes never scans.
 */
export const LEDGER_CHECK_EVERY_MS = 10 * 60_000;

const GPU_STATES = ['free', 'busy', 'broken', 'draining'] as const;

/**
 * The dashboard's figures as Prometheus gauges (issue 24), read through the same queries and services as the operators'
 * dashboard when /metrics is scraped. All are platform-wide: every instance reads the one database, so each reports
 * the same values (alert on max() across instances), except the ledger check's, which each instance caches.
 */
export function dashboardMetrics({ db, clock, inventory, applications, wallet }: DashboardMetricsDependencies) {
  let ledgerCheck: { at: number; findings: Promise<number> } | null = null;
  const ledgerFindings = () => {
    const now = clock.now().getTime();
    if (!ledgerCheck || now - ledgerCheck.at >= LEDGER_CHECK_EVERY_MS) {
      const findings = wallet.admin.ledgerFindings();
      ledgerCheck = { at: now, findings };
      // A failed scan is retried at the next scrape, not cached.
      findings.catch(() => {
        ledgerCheck = null;
      });
    }
    return ledgerCheck.findings;
  };
  const ageSeconds = (at: string) => Math.max(0, (clock.now().getTime() - new Date(at).getTime()) / 1000);

  return (registry: Registry) => {
    const registers = [registry];
    new Gauge({
      name: 'suanli_job_last_success_age_seconds',
      help: 'Seconds since each scheduled job last finished a period (applications.bill-minutes is the billing tick)',
      labelNames: ['job'],
      registers,
      async collect() {
        this.reset();
        for (const job of await jobOverview(db)) {
          if (job.last_finished_at !== null) {
            this.set({ job: job.job }, ageSeconds(job.last_finished_at));
          }
        }
      },
    });
    new Gauge({
      name: 'suanli_job_failing_periods',
      help: 'Periods of each job whose last attempt failed (a later tick retries them)',
      labelNames: ['job'],
      registers,
      async collect() {
        this.reset();
        for (const job of await jobOverview(db)) {
          this.set({ job: job.job }, job.failing);
        }
      },
    });
    new Gauge({
      name: 'suanli_event_consumer_lag',
      help: 'Events written after each event consumer’s place',
      labelNames: ['consumer'],
      registers,
      async collect() {
        this.reset();
        for (const consumer of await listConsumers(db)) {
          this.set({ consumer: consumer.name }, consumer.lag);
        }
      },
    });
    new Gauge({
      name: 'suanli_event_consumer_parked',
      help: 'Events each consumer has parked (gave up on, or held behind one it gave up on)',
      labelNames: ['consumer'],
      registers,
      async collect() {
        this.reset();
        for (const consumer of await listConsumers(db)) {
          this.set({ consumer: consumer.name }, consumer.parked);
        }
      },
    });
    new Gauge({
      name: 'suanli_gpus',
      help: 'GPUs by model, region and state (free: placeable; busy: held; broken or draining: idle but out)',
      labelNames: ['model', 'region', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const row of await inventory.gpuStates(db)) {
          for (const state of GPU_STATES) {
            this.set({ model: row.model, region: row.regionId, state }, row[state]);
          }
        }
      },
    });
    new Gauge({
      name: 'suanli_applications',
      help: 'Users’ applications by status (the dashboard counts those running)',
      labelNames: ['status'],
      registers,
      async collect() {
        this.set({ status: 'running' }, await applications.admin.countRunning());
      },
    });
    new Gauge({
      name: 'suanli_ledger_check_findings',
      help: `What ledger:check finds wrong, rerun at most every ${LEDGER_CHECK_EVERY_MS / 60_000} minutes`,
      registers,
      async collect() {
        this.set(await ledgerFindings());
      },
    });
  };
}
