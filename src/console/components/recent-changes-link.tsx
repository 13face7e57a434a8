import { Link } from '@tanstack/react-router';

interface RecentChangesLinkProps {
  apiKeyId: string;
  /** The contract's endpoint that saves the page's settings: its name is the entries' action. */
  endpoint: { name: string };
}

/** A settings page's way to its own history: the audit log filtered by its key and action. */
export function RecentChangesLink({ apiKeyId, endpoint }: RecentChangesLinkProps) {
  return (
    <Link
      to="/audit-log"
      search={{ apiKey: apiKeyId, action: endpoint.name }}
      className="inline-block text-sm text-accent underline-offset-2 hover:underline"
    >
      Recent changes
    </Link>
  );
}
