import { files } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { CloudSpaceService } from './cloud-space.service.js';
import type { CopyToApplication } from './copy-to-application.service.js';

export const cloudSpaceRoutes =
  (service: CloudSpaceService, copyToApplication: CopyToApplication) => async (app: FastifyInstance) => {
    route(app, files.downloadDataToTheApplication, async ({ body }, { userId, locale }) =>
      copyToApplication(userId, locale, body),
    );
    route(app, files.listUserData, async ({ query }, { userId }) => service.list(userId, query.path));
    route(app, files.getUserDataUploadUrl, async ({ query }, { userId }) =>
      service.createUpload(userId, { folder: query.path, name: query.fileName, size: query.size }),
    );
    route(app, files.listUserDataUploadParts, async ({ query }, { userId }) =>
      service.resumeUpload(userId, query.uploadKey),
    );
    route(app, files.finishUserDataUpload, async ({ query }, { userId }) =>
      service.finishUpload(userId, query.uploadKey),
    );
    route(app, files.getUserDataDownloadUrl, async ({ query }, { userId }) =>
      service.downloadLink(userId, query.path, query.fileName),
    );
    route(app, files.deleteUserData, async ({ query }, { userId }) =>
      service.remove(userId, query.path, query.fileName),
    );
    route(app, files.createUserDataFolder, async ({ query }, { userId }) =>
      service.createFolder(userId, query.path, query.fileName),
    );
    route(app, files.moveUserData, async ({ query }, { userId }) =>
      service.move(
        userId,
        { folder: query.path, name: query.fileName },
        { folder: query.newPath ?? query.path, name: query.newName },
      ),
    );
    route(app, files.getUserDataStorageUsed, async (_input, { userId }) => service.storageUsed(userId));
    route(app, files.getImageUploadUrl, async ({ query }, { userId }) => service.imageUpload(userId, query.fileName));
  };
