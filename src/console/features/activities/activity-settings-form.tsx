import {
  ACTIVITY_COMMENT_TRIGGERS,
  type ActivityServiceConfig,
  activityCommentTriggerLabels,
  updateActivityConfig,
} from '#contract/activity-config';
import { Card } from '../../components/card';
import { FormCheckboxField } from '../../components/checkbox-field';
import { FormSwitchField } from '../../components/form-fields';
import { SettingsForm } from '../../components/settings-form';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { fieldMessage } from '../../lib/format';
import { useFormMessage } from '../../lib/use-shown-field';
import { useSettingsForm } from '../../lib/use-settings-form';
import { activitySettingsResolver } from './activity-settings-resolver';
import { activitySettingsValues } from './activity-settings-values';
import { useUpdateActivityConfig } from './use-update-activity-config';

const TRIGGERS_LABEL = 'Comment events that record an activity';

function CommentTriggers() {
  const error = fieldMessage(TRIGGERS_LABEL, useFormMessage('commentTriggers'));
  return (
    <fieldset
      className="min-w-0 space-y-3"
      aria-describedby={error ? 'comment-triggers-error' : undefined}
    >
      <legend className="text-sm font-medium text-text">{TRIGGERS_LABEL}</legend>
      <p className="text-sm text-muted">
        Reactions, recordings and the other features record theirs whenever recording is on.
      </p>
      {ACTIVITY_COMMENT_TRIGGERS.map((trigger) => (
        <FormCheckboxField
          key={trigger}
          name="commentTriggers"
          value={trigger}
          label={activityCommentTriggerLabels[trigger]}
          description={<code>{trigger}</code>}
        />
      ))}
      {error ? (
        <p id="comment-triggers-error" role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function ActivitySettingsForm({
  apiKey,
  config,
}: {
  apiKey: ApiKeyCredentials;
  config: ActivityServiceConfig;
}) {
  const settings = useSettingsForm({
    saved: config,
    toValues: activitySettingsValues,
    resolver: activitySettingsResolver,
    mutation: useUpdateActivityConfig(apiKey),
    endpoint: updateActivityConfig,
    savedAfter: (answer) => answer.activityServiceConfig,
  });
  return (
    <SettingsForm settings={settings} label="Activity settings">
      <Card className="space-y-5">
        <FormSwitchField
          name="isEnabled"
          label="Record activities"
          description="When on, the service records an activity for each comment, reaction, recording, document migration and erasure. Activities your own code adds (Add Activity Logs) are kept either way."
        />
        <FormSwitchField
          name="immutable"
          label="Immutable activity logs"
          description="When on, no activity can be changed: Update Activity Logs answers each one as failed."
        />
      </Card>
      <Card>
        <CommentTriggers />
      </Card>
    </SettingsForm>
  );
}
