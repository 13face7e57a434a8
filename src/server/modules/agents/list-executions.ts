import { z } from 'zod';
import type { Answer } from '#contract/endpoint';
import {
  type AgentExecution,
  DEFAULT_EXECUTIONS_PAGE,
  type listAgentExecutionsRequest,
} from '#contract/agents';
import { keysetPage } from '../../db/keyset';
import { PageTokens } from '../../http/page-token';
import type { Services } from '../../services';
import { executionOf } from './execution-wire';
import { executionsListed } from './messages';
import { readExecutionsPage } from './store';

type ListInput = z.output<typeof listAgentExecutionsRequest>;

interface ExecutionsPage {
  items: AgentExecution[];
  nextCursor: string | null;
  hasMore: boolean;
}

const cursors = (s: Services) =>
  new PageTokens(s.secrets, {
    name: 'agent-executions',
    field: 'data.cursor',
    position: z.object({ startedAt: z.number(), id: z.string() }),
    prefix: 'aec_',
  });

/**
 * List Agent Executions: the key's executions narrowed by agent, organization, document and
 * status (all that are given must hold), newest first unless `orderDirection: 'asc'`, by
 * (startedAt, id), keyset-paged. The cursor is signed over the key, every filter and the
 * direction (not the page size): a cursor of other filters, another direction or another key is
 * INVALID_ARGUMENT. Nothing matching is an empty page, whatever the filters name.
 */
export async function listAgentExecutions(
  s: Services,
  apiKeyId: string,
  input: ListInput,
): Promise<Answer<ExecutionsPage>> {
  const order = input.orderDirection ?? 'desc';
  const limit = input.pageSize ?? DEFAULT_EXECUTIONS_PAGE;
  const filters = {
    apiKeyId,
    agentId: input.agentId,
    organizationId: input.organizationId,
    documentId: input.documentId,
    status: input.status,
  };
  const tokens = cursors(s);
  // Absent filters as null, so that the signed query spells every filter out.
  const query = {
    apiKeyId,
    agentId: filters.agentId ?? null,
    organizationId: filters.organizationId ?? null,
    documentId: filters.documentId ?? null,
    status: filters.status ?? null,
    order,
  };
  const after = tokens.decode(query, input.cursor);
  const found = await readExecutionsPage(s.db, { ...filters, order, after, limit });
  const { rows, more } = keysetPage(found, limit);
  const last = rows.at(-1);
  return {
    data: {
      items: rows.map(executionOf),
      nextCursor:
        more && last
          ? tokens.encode(query, { startedAt: last.startedAt, id: last.executionId })
          : null,
      hasMore: more,
    },
    message: executionsListed,
  };
}
