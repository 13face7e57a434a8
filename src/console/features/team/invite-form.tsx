import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type InvitableRole, invitableRoles } from '#contract/roles';
import { INVITATION_LIFETIME_DAYS, inviteMemberRequest } from '#contract/team';
import { CreateFormFooter } from '../../components/create-form-footer';
import { FormField, FormSelectField } from '../../components/form-fields';
import { contractResolver } from '../../lib/contract-resolver';
import { roleLabels } from '../../lib/role-label';
import { roleHints } from './role-hints';
import { useInviteMember } from './use-member-changes';

// A type, not an interface: the form's values must read as a record of strings.
type Values = { email: string; role: InvitableRole };

const roleOptions = invitableRoles.map((role) => ({
  value: role,
  label: `${roleLabels[role]}: ${roleHints[role]}`,
}));

interface InviteFormProps {
  workspaceId: string;
  onClose: () => void;
}

/** Invite Member: the address and the role, checked by the contract's own rule before sending. */
export function InviteForm({ workspaceId, onClose }: InviteFormProps) {
  const inviting = useInviteMember(workspaceId);
  const form = useForm<Values, unknown, z.output<typeof inviteMemberRequest>>({
    resolver: contractResolver(inviteMemberRequest),
    defaultValues: { email: '', role: 'viewer' },
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Invite a member"
        className="space-y-4"
        onSubmit={(event) =>
          void form.handleSubmit((request) => inviting.mutate(request, { onSuccess: onClose }))(
            event,
          )
        }
      >
        <FormField
          name="email"
          label="E-mail"
          type="email"
          autoComplete="off"
          spellCheck={false}
          description={`We e-mail a sign-in link; it joins them to the workspace within ${INVITATION_LIFETIME_DAYS} days.`}
        />
        <FormSelectField name="role" label="Role" options={roleOptions} />
        <CreateFormFooter creating={inviting} submitLabel="Send invitation" onCancel={onClose} />
      </form>
    </FormProvider>
  );
}
