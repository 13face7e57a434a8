import { deleteAllUserData, getDataDeletionJob } from '../../../contract/user-data';
import { route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import { registerEraseJob } from './erase-job';
import * as erase from './erase-service';

export const userDataModule: ServiceModule = {
  area: 'user-data',
  routes: (s) => {
    registerEraseJob(s.jobs);
    return [
      route(deleteAllUserData, 'Data deletion process has been initiated.', (input, ctx) =>
        erase.deleteAllUserData(s, ctx.auth.apiKeyId, input),
      ),
      route(getDataDeletionJob, 'Data deletion job retrieved successfully.', (input, ctx) =>
        erase.dataDeletionJob(s, ctx.auth.apiKeyId, input),
      ),
    ];
  },
};
