import {
  ACTIVITY_COMMENT_TRIGGERS,
  type ActivityCommentTrigger,
  type ActivityServiceConfig,
  type UpdateActivityConfigRequest,
} from '#contract/activity-config';

type Update = UpdateActivityConfigRequest['activityServiceConfig'];

export interface ActivitySettingsValues {
  isEnabled: boolean;
  immutable: boolean;
  /** The comment events ticked: a group of checkboxes of one name gives their values. */
  commentTriggers: ActivityCommentTrigger[];
}

export function activitySettingsValues(config: ActivityServiceConfig): ActivitySettingsValues {
  return {
    isEnabled: config.isEnabled,
    immutable: config.immutable,
    commentTriggers: ACTIVITY_COMMENT_TRIGGERS.filter((t) => config.triggers.comment[t] === true),
  };
}

/** The request for what changed against the saved settings, and nothing else. */
export function changedActivitySettings(
  values: ActivitySettingsValues,
  saved: ActivityServiceConfig,
): { activityServiceConfig: Update } {
  const update: Update = {};
  if (values.isEnabled !== saved.isEnabled) update.isEnabled = values.isEnabled;
  if (values.immutable !== saved.immutable) update.immutable = values.immutable;
  const ticked = new Set(values.commentTriggers);
  const comment = Object.fromEntries(
    ACTIVITY_COMMENT_TRIGGERS.filter(
      (t) => ticked.has(t) !== (saved.triggers.comment[t] === true),
    ).map((t) => [t, ticked.has(t)]),
  );
  if (Object.keys(comment).length > 0) update.triggers = { comment };
  return { activityServiceConfig: update };
}

/** The form field of an issue in a request made by changedActivitySettings. */
export function activitySettingsFieldOf(path: readonly PropertyKey[]): string | undefined {
  const [, field] = path;
  if (field === 'triggers') return 'commentTriggers';
  return typeof field === 'string' ? field : undefined;
}
