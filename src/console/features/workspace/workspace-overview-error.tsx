import type { ErrorComponentProps } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';

export function WorkspaceOverviewError(props: ErrorComponentProps) {
  return <RouteError {...props} title="The workspace could not be loaded" />;
}
