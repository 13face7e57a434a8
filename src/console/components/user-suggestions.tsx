import { useQuery } from '@tanstack/react-query';
import type { ApiKeyCredentials } from '../lib/api-key';
import { organizationUsers } from '../lib/organization-users';

interface UserSuggestionsProps {
  /** The datalist's id, named by the inputs it serves (`list=`). */
  id: string;
  apiKey: ApiKeyCredentials;
  organizationId: string;
}

/**
 * The organization's users as suggestions of a text input that takes a user ID: the browser
 * offers them as the admin types, by ID or name, and any other ID can still be typed.
 */
export function UserSuggestions({ id, apiKey, organizationId }: UserSuggestionsProps) {
  const users = useQuery(organizationUsers(apiKey, organizationId));
  return (
    <datalist id={id}>
      {(users.data ?? []).map((user) => (
        <option key={user.userId} value={user.userId}>
          {[user.name, user.email].filter(Boolean).join(' · ')}
        </option>
      ))}
    </datalist>
  );
}
