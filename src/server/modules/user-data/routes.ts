import { deleteAllUserData, getAllUserData, getDataDeletionJob } from '#contract/user-data';
import { answerRoute, route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import { registerEraseJob } from './erase-job';
import * as erase from './erase-service';
import * as exporting from './export';

export const userDataModule: ServiceModule = {
  routes: (s) => {
    registerEraseJob(s.jobs);
    return [
      answerRoute(getAllUserData, async (input, ctx) => {
        const page = await exporting.getAllUserData(s, ctx.auth.apiKeyId, input);
        return {
          data: page.data,
          message: 'User data retrieved successfully.',
          pageToken: page.nextPageToken,
        };
      }),
      answerRoute(deleteAllUserData, async (input, ctx) =>
        input.dryRun === true
          ? {
              data: await erase.previewErase(s, ctx.auth.apiKeyId, input),
              message: 'Data deletion preview: nothing was changed.',
            }
          : {
              data: await erase.deleteAllUserData(s, ctx.auth.apiKeyId, input),
              message: 'Data deletion process has been initiated.',
            },
      ),
      route(getDataDeletionJob, 'Data deletion job retrieved successfully.', (input, ctx) =>
        erase.dataDeletionJob(s, ctx.auth.apiKeyId, input),
      ),
    ];
  },
};
