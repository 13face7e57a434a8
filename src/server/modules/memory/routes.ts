import { addJudgments, getJudgments, suggestDecision } from '#contract/memory';
import { answerRoute, route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as adding from './add-judgments';
import * as listing from './get-judgments';
import * as suggesting from './suggest';

export const memoryModule: ServiceModule = {
  routes: (s) => [
    route(suggestDecision, 'Decision suggested.', (input, ctx) =>
      suggesting.suggestDecision(s, ctx.auth.apiKeyId, input),
    ),
    route(addJudgments, 'Judgment(s) processed.', (input, ctx) =>
      adding.addJudgments(s, ctx.auth.apiKeyId, input),
    ),
    answerRoute(getJudgments, (input, ctx) => listing.getJudgments(s, ctx.auth.apiKeyId, input)),
  ],
};
