import { useQueryClient } from '@tanstack/react-query';
import { updateActivityConfig } from '#contract/activity-config';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import type { ActivitySettingsRequest } from './activity-settings-resolver';
import { activityQueries } from './queries';

export function useUpdateActivityConfig(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: ActivitySettingsRequest) =>
      (await call(updateActivityConfig, request, { apiKey })).data,
    // The answer is the whole of the saved settings: what the page shows next.
    onSaved: (saved) => queryClient.setQueryData(activityQueries.config(apiKey).queryKey, saved),
    success: 'Activity settings saved',
  });
}
