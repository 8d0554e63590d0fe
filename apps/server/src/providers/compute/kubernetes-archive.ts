import { createHash } from 'node:crypto';
import { diskJobManifest, podName } from './kubernetes-resources.js';

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

/** One Job per archive key: a repeated snapshot of the same key finds the Job that is already at it. */
export const snapshotJobName = (applicationId: string, key: string) =>
  `${podName(applicationId)}-snap-${createHash('sha256').update(key).digest('hex').slice(0, 10)}`;

export const restoreJobName = (applicationId: string) => `${podName(applicationId)}-restore`;

export const snapshotJobManifest = (
  applicationId: string,
  key: string,
  settings: { uploadUrl: string; jobImage: string; nodeName?: string | undefined },
) =>
  diskJobManifest({
    applicationId,
    name: snapshotJobName(applicationId, key),
    task: 'archive',
    image: settings.jobImage,
    command: ['sh', '-c', SNAPSHOT_SCRIPT],
    env: [{ name: 'UPLOAD_URL', value: settings.uploadUrl }],
    mountPath: '/data',
    readOnly: true,
    scratch: true,
    nodeName: settings.nodeName,
    backoffLimit: 0,
  });

export const restoreJobManifest = (applicationId: string, archiveUrl: string, settings: { jobImage: string }) =>
  diskJobManifest({
    applicationId,
    name: restoreJobName(applicationId),
    task: 'archive',
    image: settings.jobImage,
    command: ['sh', '-c', RESTORE_SCRIPT],
    env: [{ name: 'ARCHIVE_URL', value: archiveUrl }],
    mountPath: '/data',
    backoffLimit: 0,
  });
