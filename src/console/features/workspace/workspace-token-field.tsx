import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getWorkspaceAuthToken } from '#contract/workspace-access';
import { SecretValue } from '../../components/secret-value';
import { workspaceTokenQuery } from './workspace-token-query';

/**
 * The workspace's root token, which acts as its owner: masked until the owner reveals or copies
 * it, which asks Get Workspace Auth Token then (and the audit log records). Others see the mask
 * and why; Get Workspace never carries it in clear to a person's session.
 */
export function WorkspaceTokenField({ workspaceId }: { workspaceId: string }) {
  const [revealed, setRevealed] = useState(false);
  const queryClient = useQueryClient();
  const options = workspaceTokenQuery(workspaceId);
  const token = useQuery({ ...options, enabled: revealed });
  return (
    <SecretValue
      name="workspace auth token"
      mask="••••••••••••••••"
      endpoint={getWorkspaceAuthToken}
      revealed={revealed}
      onRevealedChange={setRevealed}
      secret={token}
      copy={() => queryClient.query(options)}
    />
  );
}
