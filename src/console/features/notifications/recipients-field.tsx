import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import type { User } from '#contract/common';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { fieldMessage } from '../../lib/format';
import { organizationUsers } from '../../lib/organization-users';
import { useFormMessage } from '../../lib/use-shown-field';
import type { NotificationValues } from './notification-request';

interface RecipientsFieldProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  /** The datalist of the organization's users (UserSuggestions). */
  suggestions: string;
}

/** A user as Get Users knows them, or by ID alone when it does not. */
export function knownUser(users: readonly User[], userId: string): User {
  const found = users.find((user) => user.userId === userId);
  if (!found) return { userId };
  return {
    userId,
    ...(found.name ? { name: found.name } : {}),
    ...(found.email ? { email: found.email } : {}),
  };
}

/**
 * `notifyUsers`: the users a notification goes to, picked one by one (suggested from the
 * organization's users, any ID accepted), each removable.
 */
export function RecipientsField({ apiKey, organizationId, suggestions }: RecipientsFieldProps) {
  const users = useQuery(organizationUsers(apiKey, organizationId));
  const { field } = useController<NotificationValues, 'notifyUsers'>({ name: 'notifyUsers' });
  const error = useFormMessage('notifyUsers');
  const [typed, setTyped] = useState('');
  const chosen = field.value;

  function add() {
    const userId = typed.trim();
    if (!userId) return;
    if (!chosen.some((user) => user.userId === userId)) {
      field.onChange([...chosen, knownUser(users.data ?? [], userId)]);
    }
    setTyped('');
  }
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Notify users</legend>
      {chosen.length > 0 ? (
        <ul aria-label="Users to notify" className="flex flex-wrap gap-2">
          {chosen.map((user) => (
            <li
              key={user.userId}
              className="flex items-center gap-1 rounded-full border border-border py-0.5 pr-1 pl-3 text-sm"
            >
              <span className="wrap-anywhere">
                {user.name ? `${user.name} (${user.userId})` : user.userId}
              </span>
              <Button
                variant="ghost"
                size="sm"
                className="h-6 px-2"
                aria-label={`Remove ${user.userId}`}
                onClick={() => field.onChange(chosen.filter((u) => u.userId !== user.userId))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex items-end gap-2">
        <Field
          label="User ID to notify"
          className="min-w-0 flex-1"
          list={suggestions}
          autoComplete="off"
          value={typed}
          error={fieldMessage('Notify users', error)}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the user rather than sending the whole form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add} disabled={!typed.trim()}>
          Add user
        </Button>
      </div>
    </fieldset>
  );
}
