import {
  addActivityLogs,
  addCommentAnnotations,
  getActivityLogs,
  updateActivityLogs,
} from '#contract/activities';
import { addReactions } from '#contract/reactions';
import { addRecordings } from '#contract/recordings';
import { answerRoute, route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as logs from './activity-logs';
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
      route(addRecordings, 'Recordings processed.', (input, ctx) =>
        recordings.addRecordings(s, ctx.auth.apiKeyId, input),
      ),
    ];
  },
};
