import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { type ActivityServiceConfig, updateActivityConfigRequest } from '#contract/activity-config';
import { contractResolver } from '../../lib/contract-resolver';
import {
  type ActivitySettingsValues,
  activitySettingsFieldOf,
  changedActivitySettings,
} from './activity-settings-values';

export type ActivitySettingsRequest = z.output<typeof updateActivityConfigRequest>;

export function activitySettingsResolver(
  saved: ActivityServiceConfig,
): Resolver<ActivitySettingsValues, unknown, ActivitySettingsRequest> {
  return contractResolver<ActivitySettingsValues, ActivitySettingsRequest>(
    updateActivityConfigRequest,
    {
      build: (values) => ({ request: changedActivitySettings(values, saved) }),
      fieldOf: activitySettingsFieldOf,
    },
  );
}
