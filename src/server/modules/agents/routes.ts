import { addAgentExecutions, listAgentExecutions } from '#contract/agents';
import { answerRoute, route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as adding from './add-executions';
import * as listing from './list-executions';
import { executionsProcessed } from './messages';

export const agentsModule: ServiceModule = {
  routes: (s) => [
    route(addAgentExecutions, executionsProcessed, (input, ctx) =>
      adding.addAgentExecutions(s, ctx.auth.apiKeyId, input),
    ),
    answerRoute(listAgentExecutions, (input, ctx) =>
      listing.listAgentExecutions(s, ctx.auth.apiKeyId, input),
    ),
  ],
};
