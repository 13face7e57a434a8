import { useQueryClient } from '@tanstack/react-query';
import { type AddJudgmentsRequest, addJudgments } from '#contract/memory';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { toast } from '../../lib/toaster';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { memoryQueries } from './queries';

/**
 * Add Judgments: the per-item results; the list, the suggestions and their precedent asked again
 * (a new judgment can change every one of them), and a toast when the judgment was stored.
 */
export function useAddJudgment(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: AddJudgmentsRequest) =>
      (await call(addJudgments, request, { apiKey })).data,
    onSaved: async (results) => {
      await queryClient.invalidateQueries({ queryKey: memoryQueries.one(apiKey.id) });
      const added = Object.values(results).filter((result) => result.success);
      if (added.length > 0) {
        toast({
          tone: 'success',
          title: added.length === 1 ? 'Judgment added' : `${added.length} judgments added`,
          message: added.map((result) => result.id).join(', '),
        });
      }
    },
  });
}
