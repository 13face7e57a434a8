import { FormProvider, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { type Role, roles } from '#contract/roles';
import { type Member, updateMemberRequest } from '#contract/team';
import { CreateFormFooter } from '../../components/create-form-footer';
import { FormSelectField } from '../../components/form-fields';
import { contractResolver } from '../../lib/contract-resolver';
import { roleLabels } from '../../lib/role-label';
import { roleHints } from './role-hints';
import { useUpdateMember } from './use-member-changes';

type Values = { role: Role };

/** The roles a member may be given: ownership goes only to an active admin. */
export function rolesFor(member: Member): readonly Role[] {
  const handOver = member.status === 'active' && member.role === 'admin';
  return roles.filter((role) => role !== 'owner' || handOver).reverse();
}

interface ChangeRoleFormProps {
  workspaceId: string;
  member: Member;
  onClose: () => void;
}

/** Update Member: another role for a member, or the workspace handed over to an admin. */
export function ChangeRoleForm({ workspaceId, member, onClose }: ChangeRoleFormProps) {
  const updating = useUpdateMember(workspaceId);
  const form = useForm<Values, unknown, z.output<typeof updateMemberRequest>>({
    resolver: contractResolver(updateMemberRequest, {
      build: ({ role }) => ({ request: { email: member.email, role } }),
    }),
    defaultValues: { role: member.role },
  });
  const chosen = useWatch({ control: form.control, name: 'role' });
  const options = rolesFor(member).map((role) => ({
    value: role,
    label: `${roleLabels[role]}: ${roleHints[role]}`,
  }));

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={`Role of ${member.email}`}
        className="space-y-4"
        onSubmit={(event) =>
          void form.handleSubmit((request) => updating.mutate(request, { onSuccess: onClose }))(
            event,
          )
        }
      >
        <FormSelectField name="role" label="Role" options={options} />
        {chosen === 'owner' ? (
          <p className="rounded-md border border-warning bg-warning-soft p-3 text-sm text-warning-soft-fg">
            <strong>You hand the workspace over.</strong> {member.email} becomes its owner, with the
            workspace token and the team; you become an admin. Only the new owner can undo it.
          </p>
        ) : null}
        <CreateFormFooter
          creating={updating}
          submitLabel={chosen === 'owner' ? 'Hand over ownership' : 'Change role'}
          pendingLabel="Saving…"
          onCancel={onClose}
        />
      </form>
    </FormProvider>
  );
}
