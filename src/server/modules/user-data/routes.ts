import { getAllUserData } from '../../../contract/user-data';
import { answerRoute } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as exporting from './export';

export const userDataModule: ServiceModule = {
  area: 'user-data',
  routes: (s) => [
    answerRoute(getAllUserData, async (input, ctx) => {
      const page = await exporting.getAllUserData(s, ctx.auth.apiKeyId, input);
      return {
        data: page.data,
        message: 'User data retrieved successfully.',
        pageToken: page.nextPageToken,
      };
    }),
  ],
};
