import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { deleteNotifications, type Notification } from '#contract/notifications';
import { Button } from '../../components/button';
import type { RowDialogAction } from '../../components/data-table/column';
import { FormAlert } from '../../components/form-alert';
import { FormField, FormTextareaField } from '../../components/form-fields';
import { UnshownErrors } from '../../components/unshown-errors';
import { ItemResultsStep } from '../../components/item-results';
import { errorMessage } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { type MatchCount, countMatching, countText } from './count-matching';
import {
  type DeleteRequest,
  type DeleteValues,
  deleteEffect,
  deleteResolver,
} from './delete-request';
import { useDeleteNotifications } from './use-notification-changes';

interface DeleteNotificationsFormProps {
  apiKey: ApiKeyCredentials;
  /** The list's filters, as a start. */
  initial: DeleteValues;
  onClose: () => void;
}

/**
 * Deletion by the specification's filters (document, location, user, IDs, in any combination the
 * contract accepts): first the number of notifications they select, read through Get
 * Notifications, then the deletion itself, then each notification's result. Changing a filter
 * asks for the count again.
 */
export function DeleteNotificationsForm({
  apiKey,
  initial,
  onClose,
}: DeleteNotificationsFormProps) {
  const form = useForm<DeleteValues, unknown, DeleteRequest>({
    resolver: deleteResolver,
    defaultValues: initial,
  });
  const [counted, setCounted] = useState<{ request: DeleteRequest; count: MatchCount }>();
  const counting = useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (request: DeleteRequest) => ({
      request,
      count: await countMatching(apiKey, request),
    }),
    onSuccess: setCounted,
  });
  const deleting = useDeleteNotifications(apiKey);

  if (deleting.data) {
    return (
      <ItemResultsStep
        results={deleting.data}
        label="Results of deleting notifications"
        onDone={onClose}
      />
    );
  }
  const failure = counting.isError
    ? errorMessage(counting.error)
    : deleting.isError
      ? errorMessage(deleting.error)
      : undefined;
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Notifications to delete"
        className="space-y-4"
        onChange={() => {
          // The count answers the filters it was made for; a new filter needs a new count.
          setCounted(undefined);
          deleting.reset();
        }}
        onSubmit={(event) => void form.handleSubmit((request) => counting.mutate(request))(event)}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField name="documentId" label="Document ID" autoComplete="off" />
          <FormField name="locationId" label="Location ID" autoComplete="off" />
          <FormField name="userId" label="User ID (their inbox)" autoComplete="off" />
          <FormTextareaField
            name="notificationIds"
            label="Notification IDs"
            description="One a line."
            rows={2}
            spellCheck={false}
          />
        </div>
        {counted ? (
          <div
            role="status"
            className="space-y-1 rounded-md border border-border bg-surface-muted px-3 py-2 text-sm"
          >
            <p className="font-medium">
              {counted.count.count === 0 && !counted.count.capped
                ? 'No notification matches these filters.'
                : `This deletes ${countText(counted.count)}.`}
            </p>
            <p className="text-muted">{deleteEffect(counted.request)}</p>
          </div>
        ) : null}
        <UnshownErrors />
        <FormAlert message={failure} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {counted && (counted.count.count > 0 || counted.count.capped) ? (
            <Button
              variant="danger"
              disabled={deleting.isPending}
              onClick={() => deleting.mutate(counted.request)}
            >
              {deleting.isPending ? 'Deleting…' : `Delete ${countText(counted.count)}`}
            </Button>
          ) : (
            <Button type="submit" disabled={counting.isPending}>
              {counting.isPending ? 'Counting…' : 'Count matching notifications'}
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}

/** A notification row's Delete: the form on its ID alone, in the table's dialog for that row. */
export function deleteNotificationAction(
  apiKey: ApiKeyCredentials,
  organizationId: string,
): RowDialogAction<Notification> {
  return {
    label: 'Delete',
    endpoint: deleteNotifications,
    name: (notification) => `Delete notification ${notification.id}`,
    dialog: {
      title: (notification) => `Delete notification ${notification.id}`,
      description: () =>
        'Deleted for every recipient, or only from one user’s inbox; counted before anything is deleted.',
      content: (notification, close) => (
        <DeleteNotificationsForm
          apiKey={apiKey}
          initial={{
            organizationId,
            documentId: '',
            locationId: '',
            userId: '',
            notificationIds: notification.id,
          }}
          onClose={close}
        />
      ),
    },
  };
}
