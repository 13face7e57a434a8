import { useEffect } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { type DeleteAllUserDataRequest, deleteAllUserDataRequest } from '#contract/user-data';
import { Card } from '../../components/card';
import { FormAlert } from '../../components/form-alert';
import { UnshownErrors } from '../../components/unshown-errors';
import { FormTextareaField } from '../../components/form-fields';
import { errorMessage } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { linesOf } from '../../lib/id-search';
import { contractResolver } from '../../lib/contract-resolver';
import { EraseDialog } from './erase-dialog';
import { eraseRequestOf } from './erase-counts';
import { ErasePreviewTable } from './erase-preview';
import { useErasePreview } from './use-erase';
import { deleteAllUserData } from '#contract/user-data';
import { CallButton } from '../../components/call-button';

interface EraseValues {
  userIds: string;
  organizationIds: string;
}

const resolver = contractResolver<EraseValues, DeleteAllUserDataRequest>(deleteAllUserDataRequest, {
  build: (values) => ({ request: eraseRequestOf(values) }),
  fieldOf: (path) => (path[0] === 'userIds' || path[0] === 'organizationIds' ? path[0] : undefined),
});

const textOf = (request: DeleteAllUserDataRequest): EraseValues => ({
  userIds: linesOf(request.userIds),
  organizationIds: linesOf(request.organizationIds ?? []),
});

interface EraseCardProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  userId: string | undefined;
  onStarted: (jobId: string) => void;
}

/**
 * Erasing users, in three steps: the preview (a dry run of Delete All User Data), the typed
 * confirmation, then the job (followed by DeletionJob).
 */
export function EraseCard({ apiKey, organizationId, userId, onStarted }: EraseCardProps) {
  const preview = useErasePreview(apiKey);
  const form = useForm<EraseValues, unknown, DeleteAllUserDataRequest>({
    resolver,
    defaultValues: { userIds: userId ?? '', organizationIds: organizationId },
  });
  // The found user and organization fill the form until it is typed in.
  const { reset, formState, control } = form;
  useEffect(() => {
    if (!formState.isDirty) reset({ userIds: userId ?? '', organizationIds: organizationId });
  }, [userId, organizationId, formState.isDirty, reset]);
  // A preview answers one request: once the form asks for another, it is not shown.
  const values = useWatch({ control });
  const current = eraseRequestOf({
    userIds: values.userIds ?? '',
    organizationIds: values.organizationIds ?? '',
  });
  const answered =
    preview.variables !== undefined &&
    JSON.stringify(current) === JSON.stringify(eraseRequestOf(textOf(preview.variables)));

  return (
    <Card>
      <section aria-labelledby="erase-heading" className="space-y-4">
        <div className="space-y-1">
          <h2 id="erase-heading" className="text-base font-semibold">
            Erase
          </h2>
          <p className="text-sm text-muted">
            Removes users’ access and everything they created, and their mentions. First see what
            would be removed; nothing changes until you confirm.
          </p>
        </div>
        <FormProvider {...form}>
          <form
            noValidate
            aria-label="Users to erase"
            className="grid gap-4 sm:grid-cols-2"
            onSubmit={(event) =>
              void form.handleSubmit((request) => preview.mutate(request))(event)
            }
          >
            <FormTextareaField
              name="userIds"
              label="User IDs"
              description="One or several, one a line."
              rows={2}
            />
            <FormTextareaField
              name="organizationIds"
              label="Organization IDs"
              description="Optional, one a line: only these organizations; empty erases the users everywhere."
              rows={2}
            />
            <div className="space-y-3 sm:col-span-2">
              <UnshownErrors />
              <CallButton
                endpoint={deleteAllUserData}
                type="submit"
                variant="secondary"
                disabled={preview.isPending}
              >
                {preview.isPending ? 'Previewing…' : 'Preview erase'}
              </CallButton>
            </div>
          </form>
        </FormProvider>
        <FormAlert message={preview.isError ? errorMessage(preview.error) : undefined} />
        {preview.data && preview.variables && answered ? (
          <div className="space-y-3" aria-label="Erase preview" role="group">
            <p className="text-sm">
              The erase would run {preview.data.tasksCount}{' '}
              {preview.data.tasksCount === 1 ? 'task' : 'tasks'} and remove:
            </p>
            <ErasePreviewTable preview={preview.data} />
            <EraseDialog
              apiKey={apiKey}
              request={preview.variables}
              preview={preview.data}
              onStarted={(jobId) => {
                preview.reset();
                onStarted(jobId);
              }}
            />
          </div>
        ) : null}
      </section>
    </Card>
  );
}
