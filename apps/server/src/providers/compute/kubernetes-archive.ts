import { createHash } from 'node:crypto';
import { claimName, podName } from './kubernetes-resources.js';

export const ARCHIVE_CONTENT_TYPE = 'application/gzip';

/**
 * Snapshots and restores run as Jobs beside the workspace, each a shell script in the archive tool image
 * (KUBERNETES_JOB_IMAGE: any image with a POSIX sh, tar with gzip, and curl, e.g. curlimages/curl). The server
 * hands them a presigned URL of the object store, so the bytes go from the cluster to the store and back without
 * passing through the API server; no credential of the store enters the cluster.
 *
 * - Snapshot: the data disk (the PVC, read-only) is tarred into a scratch volume first, since a presigned PUT needs
 *   the length up front (S3 refuses a chunked body), then PUT in one request: an archive up to the store's single-PUT
 *   limit (5 GB on S3).
 * - Restore: before the Pod of an application created from a saved image is first created, the archive is fetched
 *   and unpacked onto the PVC; tar refuses members with `..` or an absolute path (GNU and BusyBox alike strip them),
 *   and a marker file makes a repeated start skip a disk restored before.
 */
const SNAPSHOT_SCRIPT =
  'set -eu; tar -czf /scratch/disk.tar.gz -C /data . && ' +
  `curl -fsS -X PUT -H "Content-Type: ${ARCHIVE_CONTENT_TYPE}" -T /scratch/disk.tar.gz "$UPLOAD_URL"`;

export const RESTORED_MARKER = '.suanli-restored';

const RESTORE_SCRIPT =
  `set -eu; if [ ! -e /data/${RESTORED_MARKER} ]; then ` +
  'curl -fsS "$ARCHIVE_URL" | tar -xzf - -C /data --no-same-owner && ' +
  `touch /data/${RESTORED_MARKER}; fi`;

const labels = (applicationId: string) => ({
  'app.kubernetes.io/managed-by': 'suanli',
  'suanli.io/application': applicationId,
});

/** One Job per archive key: a repeated snapshot of the same key finds the Job that is already at it. */
export const snapshotJobName = (applicationId: string, key: string) =>
  `${podName(applicationId)}-snap-${createHash('sha256').update(key).digest('hex').slice(0, 10)}`;

export const restoreJobName = (applicationId: string) => `${podName(applicationId)}-restore`;

interface ArchiveTool {
  image: string;
  script: string;
  env: { name: string; value: string }[];
  readOnly: boolean;
  /** Where the workspace has the disk attached, when it runs. */
  nodeName?: string | undefined;
}

function archiveJob(name: string, applicationId: string, tool: ArchiveTool) {
  const { nodeName } = tool;
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, labels: labels(applicationId) },
    spec: {
      backoffLimit: 0,
      // Gone an hour after it ends, should the server not delete it itself (it does once it has read the outcome).
      ttlSecondsAfterFinished: 3600,
      template: {
        metadata: { labels: labels(applicationId) },
        spec: {
          restartPolicy: 'Never',
          automountServiceAccountToken: false,
          // A ReadWriteOnce disk in use is mounted by a second Pod only on the node where it is attached.
          ...(nodeName ? { nodeName } : {}),
          containers: [
            {
              name: 'archive',
              image: tool.image,
              command: ['sh', '-c', tool.script],
              env: tool.env,
              volumeMounts: [
                { name: 'data', mountPath: '/data', readOnly: tool.readOnly },
                { name: 'scratch', mountPath: '/scratch' },
              ],
            },
          ],
          volumes: [
            { name: 'data', persistentVolumeClaim: { claimName: claimName(applicationId), readOnly: tool.readOnly } },
            { name: 'scratch', emptyDir: {} },
          ],
        },
      },
    },
  };
}

export const snapshotJobManifest = (
  applicationId: string,
  key: string,
  settings: { uploadUrl: string; jobImage: string; nodeName?: string | undefined },
) =>
  archiveJob(snapshotJobName(applicationId, key), applicationId, {
    image: settings.jobImage,
    script: SNAPSHOT_SCRIPT,
    env: [{ name: 'UPLOAD_URL', value: settings.uploadUrl }],
    readOnly: true,
    nodeName: settings.nodeName,
  });

export const restoreJobManifest = (applicationId: string, archiveUrl: string, settings: { jobImage: string }) =>
  archiveJob(restoreJobName(applicationId), applicationId, {
    image: settings.jobImage,
    script: RESTORE_SCRIPT,
    env: [{ name: 'ARCHIVE_URL', value: archiveUrl }],
    readOnly: false,
  });
