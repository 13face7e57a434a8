import { useQueryClient } from '@tanstack/react-query';
import { type UpdateActivityLogsRequest, updateActivityLogs } from '#contract/activities';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { activityQueries } from './queries';

/** Update Activity Logs; each activity's result, and the lists of activities asked again. */
export function useUpdateActivities(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: UpdateActivityLogsRequest) =>
      (await call(updateActivityLogs, request, { apiKey })).data,
    onSaved: () => queryClient.invalidateQueries({ queryKey: activityQueries.one(apiKey.id) }),
    success: (answer) => {
      const updated = Object.values(answer).filter((result) => result.success).length;
      return updated > 0 ? 'Activity updated' : 'The activity was not updated';
    },
  });
}
