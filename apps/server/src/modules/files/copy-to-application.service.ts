import type { Locale } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import { transferView, type ApplicationsModuleService } from '../applications/index.js';
import type { CloudSpaceService } from './cloud-space.service.js';

export interface CopyToApplicationDependencies {
  db: Db;
  cloudSpace: Pick<CloudSpaceService, 'objectsOf'>;
  applications: Pick<ApplicationsModuleService, 'startCopy' | 'copyPending'>;
}

/**
 * downloadDataToTheApplication: a cloud-space file, or a folder with what it holds, copied onto the data disk of the
 * caller's running application through the applications' one copy mechanism (decision 0027), the folder keeping its
 * name and layout under the target path.
 */
export function copyToApplicationService({ db, cloudSpace, applications }: CopyToApplicationDependencies) {
  return async function copyToApplication(
    userId: UserId,
    locale: Locale,
    body: { dataPath: string; fileName: string; applicationId: string; path: string },
  ) {
    const transfer = await inTransaction(db, async (tx) => {
      const entry = await cloudSpace.objectsOf(tx, userId, { folder: body.dataPath, name: body.fileName });
      if (!entry) {
        throw new AppError('notFound', {
          messageKey: 'files.notFound',
          params: { path: body.dataPath, name: body.fileName },
          field: 'fileName',
        });
      }
      return applications.startCopy(tx, {
        userId,
        applicationId: body.applicationId,
        directory: body.path,
        label: entry.name,
        kind: 'data',
        items: entry.objects.map((object) => ({
          path: object.relativePath,
          size: object.size,
          source: { kind: 'objects' as const, key: object.key },
        })),
      });
    });
    applications.copyPending();
    return transferView(locale, transfer);
  };
}

export type CopyToApplication = ReturnType<typeof copyToApplicationService>;
