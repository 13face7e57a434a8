import { useMemo } from 'react';
import { permissionOf } from '../../lib/use-may-call';
import { useSignedIn } from '../../lib/use-role';
import type { RowActions } from './column';

/**
 * The row actions the signed-in role may take (each action's endpoint against the role table);
 * none left, no actions column: a viewer's list is a list to read.
 */
export function useOfferedActions<Row>(
  actions: RowActions<Row> | undefined,
): RowActions<Row> | undefined {
  const signedIn = useSignedIn();
  const role = signedIn?.role;
  const withToken = signedIn?.kind === 'token';
  return useMemo(() => {
    if (!actions) return undefined;
    const items = actions.items.filter(
      (action) => !action.endpoint || permissionOf(role, action.endpoint, withToken).allowed,
    );
    if (items.length === actions.items.length) return actions;
    return items.length > 0 ? { ...actions, items } : undefined;
  }, [actions, role, withToken]);
}
