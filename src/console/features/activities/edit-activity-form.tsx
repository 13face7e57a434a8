import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { type Activity, updateActivityLogs } from '#contract/activities';
import type { RowDialogAction } from '../../components/data-table/column';
import { FormField, FormTextareaField } from '../../components/form-fields';
import { FormSaveBar } from '../../components/form-save-bar';
import { errorMessage } from '../../lib/api-error';
import { ItemResultsStep } from '../../components/item-results';
import { TemplateText } from '../../components/template-text';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { readJson } from '../../lib/json-text';
import {
  type ActivityValues,
  type UpdateRequest,
  activityResolver,
  activityValues,
} from './activity-request';
import { ChangeRows } from './change-rows';
import { useUpdateActivities } from './use-activity-changes';

interface EditActivityFormProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  activity: Activity;
  onClose: () => void;
}

/** The message as it will read, filled from the data as typed (or as stored while that is not JSON). */
function MessagePreview({ activity }: { activity: Activity }) {
  const [template, dataText] = useWatch<
    ActivityValues,
    ['displayMessageTemplate', 'displayMessageTemplateData']
  >({ name: ['displayMessageTemplate', 'displayMessageTemplateData'] });
  const read = readJson(dataText, 'object');
  const data = read.ok ? ((read.value as Record<string, unknown> | undefined) ?? {}) : {};
  return (
    <section
      aria-label="Message preview"
      className="space-y-1 rounded-md border border-border bg-surface-muted px-3 py-2"
    >
      <p className="text-xs font-medium text-muted">Preview</p>
      <p className="text-sm" aria-live="polite">
        {template.trim() ? (
          <TemplateText template={template} data={{ actionUser: activity.actionUser, ...data }} />
        ) : (
          <span className="text-muted">No message.</span>
        )}
      </p>
      {read.ok ? null : (
        <p className="text-xs text-muted">The template data is not a JSON object yet.</p>
      )}
    </section>
  );
}

/**
 * The updatable fields of one activity; only what changed is sent, checked by the contract's
 * Update Activity Logs schema first (the JSON fields must parse); then the activity's result.
 */
export function EditActivityForm({
  apiKey,
  organizationId,
  activity,
  onClose,
}: EditActivityFormProps) {
  const updating = useUpdateActivities(apiKey);
  const form = useForm<ActivityValues, unknown, UpdateRequest>({
    resolver: activityResolver(organizationId, activity),
    defaultValues: activityValues(activity),
  });
  if (updating.data) {
    return (
      <ItemResultsStep
        results={updating.data}
        label="Result of updating the activity"
        onDone={onClose}
      />
    );
  }
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Activity"
        className="space-y-4"
        onSubmit={(event) => void form.handleSubmit((request) => updating.mutate(request))(event)}
      >
        <div className="-mx-1 max-h-[calc(100dvh-16rem)] space-y-4 overflow-y-auto px-1 pb-1">
          <ChangeRows />
          <FormField
            name="displayMessageTemplate"
            label="Message template"
            description="Variables in double braces, such as {{actionUser}} approved {{document}}."
            autoComplete="off"
          />
          <FormTextareaField
            name="displayMessageTemplateData"
            label="Template data (JSON object)"
            spellCheck={false}
          />
          <MessagePreview activity={activity} />
          <FormField name="actionIcon" label="Action icon (URL or identifier)" autoComplete="off" />
          <FormTextareaField name="entityData" label="Entity data (JSON)" spellCheck={false} />
          <FormTextareaField
            name="entityTargetData"
            label="Entity target data (JSON)"
            spellCheck={false}
          />
        </div>
        <FormSaveBar
          message={updating.isError ? errorMessage(updating.error) : undefined}
          dirty={form.formState.isDirty}
          saving={updating.isPending}
          onDiscard={() => form.reset()}
        />
      </form>
    </FormProvider>
  );
}

/** An activity row's Edit: the form in the table's dialog, on the row it was opened from. */
export function editActivityAction(
  apiKey: ApiKeyCredentials,
  organizationId: string,
): RowDialogAction<Activity> {
  return {
    label: 'Edit',
    endpoint: updateActivityLogs,
    name: (activity) => `Edit ${activity.id}`,
    dialog: {
      title: (activity) => `Edit activity ${activity.id}`,
      description: (activity) =>
        `${activity.featureType} · ${activity.actionType}; only the fields changed here are sent.`,
      content: (activity, close) => (
        <EditActivityForm
          apiKey={apiKey}
          organizationId={organizationId}
          activity={activity}
          onClose={close}
        />
      ),
    },
  };
}
