import {
  addActivityLogs,
  addCommentAnnotations,
  getActivityLogs,
  updateActivityLogs,
} from '#contract/activities';
import { getActivityConfig, updateActivityConfig } from '#contract/activity-config';
import { addReactions } from '#contract/reactions';
import { addRecordings } from '#contract/recordings';
import { answerRoute, route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as logs from './activity-logs';
import * as config from './activity-config';
import { readActivityConfig } from '../../rows/activity-config';
import * as comments from './comment-annotations';
import * as reactions from './reactions';
import * as recordings from './recordings';

export const activitiesModule: ServiceModule = {
  routes: (s) => {
    const activityPage = logs.activityPages(s);
    return [
      route(addCommentAnnotations, 'Comment annotations processed.', (input, ctx) =>
        comments.addCommentAnnotations(s, ctx.auth.apiKeyId, input),
      ),
      route(addActivityLogs, 'Activities processed.', (input, ctx) =>
        logs.addActivityLogs(s, ctx.auth.apiKeyId, input),
      ),
      route(updateActivityLogs, 'Activities processed.', (input, ctx) =>
        logs.updateActivityLogs(s, ctx.auth.apiKeyId, input),
      ),
      answerRoute(getActivityLogs, (input, ctx) => activityPage(ctx.auth.apiKeyId, input)),
      route(addReactions, 'Reactions processed.', (input, ctx) =>
        reactions.addReactions(s, ctx.auth.apiKeyId, input),
      ),
      route(
        getActivityConfig,
        'Activity logs configuration retrieved successfully.',
        async (_input, ctx) => ({
          activityServiceConfig: await readActivityConfig(s.db, ctx.auth.apiKeyId),
        }),
      ),
      route(
        updateActivityConfig,
        'Activity logs configuration updated successfully.',
        (input, ctx) =>
          config.updateActivityConfig(s, ctx.auth.apiKeyId, input.activityServiceConfig, ctx.audit),
      ),
      route(addRecordings, 'Recordings processed.', (input, ctx) =>
        recordings.addRecordings(s, ctx.auth.apiKeyId, input),
      ),
    ];
  },
};
