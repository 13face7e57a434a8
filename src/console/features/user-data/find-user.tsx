import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Input } from '../../components/field';
import { OrganizationPicker } from '../../components/organization-picker';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { USER_SUGGESTIONS, userDataQueries } from './queries';

interface FindUserProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  userId: string | undefined;
  onOrganization: (organizationId: string) => void;
  onUser: (userId: string) => void;
}

/**
 * The organization and the user ID, typed or picked from the organization's users (Get Users)
 * as suggestions; the user's name and e-mail show once the ID is one of them.
 */
export function FindUser({
  apiKey,
  organizationId,
  userId,
  onOrganization,
  onUser,
}: FindUserProps) {
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const suggestions = useQuery(userDataQueries.suggestions(apiKey, organizationId));
  // The typed text, so that the address (which trims it) never moves the caret.
  const [text, setText] = useState(userId ?? '');
  const [seen, setSeen] = useState(userId);
  if (userId !== seen) {
    setSeen(userId);
    if ((userId ?? '') !== text.trim()) setText(userId ?? '');
  }
  const users = suggestions.data ?? [];
  const found = userId ? users.find((user) => user.userId === userId) : undefined;
  let hint = 'Type a user ID, or pick one of the organization’s users.';
  if (suggestions.isError) hint = 'The organization’s users could not be read for suggestions.';
  else if (found) hint = [found.name, found.email].filter(Boolean).join(' · ') || found.userId;
  else if (userId && suggestions.isSuccess)
    hint = `Not among the organization’s first ${USER_SUGGESTIONS} users; the export and erasure still look for it.`;
  return (
    <div className="flex flex-wrap items-start gap-3">
      <OrganizationPicker apiKey={apiKey} value={organizationId} onChange={onOrganization} />
      <div className="min-w-56 flex-1 space-y-1 sm:max-w-sm">
        <label htmlFor={inputId} className="block text-xs font-medium text-muted">
          User ID
        </label>
        <Input
          id={inputId}
          className="h-9"
          list={listId}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={hintId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            onUser(event.target.value);
          }}
        />
        <datalist id={listId}>
          {users.map((user) => (
            <option key={user.userId} value={user.userId}>
              {user.name || user.email || user.userId}
            </option>
          ))}
        </datalist>
        <p id={hintId} className="text-xs break-words text-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}
