import { addFolder, getFolders, getFoldersV1 } from '#contract/folders';
import { route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import { addFolders } from './add-folders';
import { getFoldersV1 as readFoldersV1, getFoldersV2 } from './get-folders';

export const foldersModule: ServiceModule = {
  routes: (s) => [
    route(addFolder, 'Folders processed.', (input, ctx) => addFolders(s, ctx.auth.apiKeyId, input)),
    route(getFolders, 'Folders retrieved successfully.', (input, ctx) =>
      getFoldersV2(s, ctx.auth.apiKeyId, input),
    ),
    route(getFoldersV1, 'Folders retrieved successfully.', (input, ctx) =>
      readFoldersV1(s, ctx.auth.apiKeyId, input),
    ),
  ],
};
