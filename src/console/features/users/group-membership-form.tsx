import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { idRef } from '#contract/ids';
import { CreateFormFooter } from '../../components/create-form-footer';
import { FormField, FormSwitchField } from '../../components/form-fields';
import { ItemResultsStep } from '../../components/item-results';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useAddToGroup, useRemoveFromGroup } from './use-user-changes';
import { contractResolver } from '../../lib/contract-resolver';

// The group must exist: a stored id, whatever an earlier version let it hold.
const groupForm = z.object({ organizationUserGroupId: idRef(), everyone: z.boolean() });
type GroupForm = z.infer<typeof groupForm>;

interface GroupMembershipFormProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  /** The selected users. */
  userIds: string[];
  /** The group whose members are shown, filled in as the group to act on. */
  groupId?: string | undefined;
  mode: 'add' | 'remove';
  onClose: () => void;
}

/**
 * The selected users into a group (Add Users to Groups) or out of it (Delete Users from Groups),
 * or, when removing, every user of the group; then each user's result.
 */
export function GroupMembershipForm({
  apiKey,
  organizationId,
  userIds,
  groupId,
  mode,
  onClose,
}: GroupMembershipFormProps) {
  const adding = useAddToGroup(apiKey);
  const removing = useRemoveFromGroup(apiKey);
  const saving = mode === 'add' ? adding : removing;
  const form = useForm<GroupForm>({
    resolver: contractResolver(groupForm),
    defaultValues: { organizationUserGroupId: groupId ?? '', everyone: false },
  });
  const everyone = useWatch({ control: form.control, name: 'everyone' });
  if (saving.data) {
    return <ItemResultsStep results={saving.data} label="Results per user" onDone={onClose} />;
  }
  function send({ organizationUserGroupId, everyone: all }: GroupForm) {
    const group = { organizationId, organizationUserGroupId };
    if (mode === 'add') adding.mutate({ ...group, userIds });
    else removing.mutate(all ? { ...group, deleteAll: true } : { ...group, userIds });
  }
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={mode === 'add' ? 'Add to a group' : 'Remove from a group'}
        className="space-y-4"
        onSubmit={(event) => void form.handleSubmit(send)(event)}
      >
        <FormField name="organizationUserGroupId" label="Group ID" autoComplete="off" />
        {mode === 'remove' ? (
          <FormSwitchField
            name="everyone"
            label="Remove every user of the group"
            description="Instead of the selected users."
          />
        ) : null}
        <p className="text-sm text-muted">
          {mode === 'remove' && everyone
            ? 'Every user of the group is removed from it.'
            : `${userIds.length} selected user${userIds.length === 1 ? '' : 's'}: ${userIds.join(', ')}`}
        </p>
        <CreateFormFooter
          creating={saving}
          submitLabel={mode === 'add' ? 'Add to group' : 'Remove from group'}
          onCancel={onClose}
        />
      </form>
    </FormProvider>
  );
}
