import { addCommentAnnotations } from '../../../contract/activities';
import { route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as comments from './comment-annotations';

export const activitiesModule: ServiceModule = {
  area: 'activities',
  routes: (s) => [
    route(addCommentAnnotations, 'Comment annotations processed.', (input, ctx) =>
      comments.addCommentAnnotations(s, ctx.auth.apiKeyId, input),
    ),
  ],
};
