/** Messages of the agents area. */
export const executionsProcessed = 'Agent executions processed.';

export const executionAdded = 'Agent execution added.';

export const executionUpdated = 'Agent execution updated.';

export const executionUnchanged = 'Agent execution already recorded.';

export const executionFinished = (id: string, status: string) =>
  `Agent execution ${id} has finished (${status}) and cannot go back to running.`;

export const executionFinal = (id: string, status: string) =>
  `Agent execution ${id} has finished (${status}); a finished execution does not change.`;

export const executionMoved = (id: string, field: string) =>
  `Agent execution ${id} was recorded with another ${field}; agentId, startedAt, organizationId and documentId do not change.`;

export const executionRaced = (id: string) =>
  `Agent execution ${id} was recorded by another call at the same time; send it again.`;

export const executionsListed = 'Agent executions retrieved successfully.';
