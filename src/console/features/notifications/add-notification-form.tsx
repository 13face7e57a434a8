import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { addNotificationsRequest } from '#contract/notifications';
import { CreateFormFooter } from '../../components/create-form-footer';
import { FormField, FormSwitchField, FormTextareaField } from '../../components/form-fields';
import { ItemResultsStep } from '../../components/item-results';
import { UserSuggestions } from '../../components/user-suggestions';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { organizationUsers } from '../../lib/organization-users';
import { HeadlinePreview } from './headline-preview';
import {
  type NotificationValues,
  blankNotification,
  notificationResolver,
} from './notification-request';
import { RecipientsField, knownUser } from './recipients-field';
import { useAddNotification } from './use-notification-changes';

interface AddNotificationFormProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  documentId: string | undefined;
  onClose: () => void;
}

/**
 * One notification, every field checked by the contract before sending (IDs' characters, the
 * required headline and body, recipients when not everyone, the JSON objects), with the headline
 * previewed as it is typed; then the service's answer.
 */
export function AddNotificationForm({
  apiKey,
  organizationId,
  documentId,
  onClose,
}: AddNotificationFormProps) {
  const suggestions = useId();
  const users = useQuery(organizationUsers(apiKey, organizationId));
  const adding = useAddNotification(apiKey);
  const form = useForm<NotificationValues, unknown, z.output<typeof addNotificationsRequest>>({
    resolver: notificationResolver,
    defaultValues: blankNotification(organizationId, documentId),
  });
  if (adding.data) {
    const id = adding.data.notificationId ?? 'notification';
    return (
      <ItemResultsStep
        results={{ [id]: adding.data }}
        label="Result of adding the notification"
        onDone={onClose}
      />
    );
  }
  /** A suggested user's name and e-mail come with their ID. */
  function fillActionUser(userId: string) {
    const user = knownUser(users.data ?? [], userId.trim());
    if (user.name) form.setValue('actionUser.name', user.name);
    if (user.email) form.setValue('actionUser.email', user.email);
  }
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="New notification"
        className="space-y-4"
        onSubmit={(event) => void form.handleSubmit((request) => adding.mutate(request))(event)}
      >
        <UserSuggestions id={suggestions} apiKey={apiKey} organizationId={organizationId} />
        <div className="-mx-1 max-h-[calc(100dvh-16rem)] space-y-4 overflow-y-auto px-1 pb-1">
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField name="documentId" label="Document ID" autoComplete="off" />
            <FormField name="locationId" label="Location ID (optional)" autoComplete="off" />
          </div>
          <FormField
            name="notificationId"
            label="Notification ID (optional)"
            description="Generated when blank; letters, digits, _ and - only."
            autoComplete="off"
          />
          <fieldset
            className="space-y-2"
            onBlur={({ target }) => {
              // On the fieldset: the field's own onBlur is react-hook-form's.
              if (target instanceof HTMLInputElement && target.name === 'actionUser.userId') {
                fillActionUser(target.value);
              }
            }}
          >
            <legend className="text-sm font-medium">Action user (who acted)</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField
                name="actionUser.userId"
                label="User ID"
                list={suggestions}
                autoComplete="off"
              />
              <FormField name="actionUser.name" label="Name (optional)" autoComplete="off" />
              <FormField
                name="actionUser.email"
                label="E-mail (optional)"
                type="email"
                autoComplete="off"
              />
            </div>
          </fieldset>
          <FormField
            name="displayHeadlineMessageTemplate"
            label="Headline"
            description="Variables in braces, such as {actionUser} shared {documentName}."
            autoComplete="off"
          />
          <FormTextareaField
            name="displayHeadlineMessageTemplateData"
            label="Headline data (JSON object, optional)"
            placeholder='{"documentName": "Roadmap"}'
            spellCheck={false}
          />
          <HeadlinePreview />
          <FormTextareaField
            name="displayBodyMessage"
            label="Body"
            className="[&_textarea]:font-sans"
          />
          <FormSwitchField
            name="notifyAll"
            label="Notify everyone in the organization"
            description="Off: only the users below."
          />
          <RecipientsField
            apiKey={apiKey}
            organizationId={organizationId}
            suggestions={suggestions}
          />
          <FormTextareaField
            name="notificationSourceData"
            label="Source data (JSON object, optional)"
            description="Handed to the client when the user clicks the notification."
            placeholder='{"kind": "share"}'
            spellCheck={false}
          />
          <FormSwitchField
            name="createDocument"
            label="Create the document first"
            description="When the document does not exist yet."
          />
          <FormSwitchField name="createOrganization" label="Create the organization if missing" />
        </div>
        <CreateFormFooter creating={adding} submitLabel="Add notification" onCancel={onClose} />
      </form>
    </FormProvider>
  );
}
