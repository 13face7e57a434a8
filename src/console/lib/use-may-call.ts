import type { ComponentProps, MouseEvent } from 'react';
import type { AnyEndpoint } from '#contract/endpoint';
import { maskedFor, mayCall, refusalMessage } from '#contract/role-table';
import { type Role, rolePlurals } from '#contract/roles';
import { useSignedIn } from './use-role';

/** Whether the signed-in role may call an endpoint, and else the service's own reason. */
export type Permission = { allowed: true; reason?: undefined } | { allowed: false; reason: string };

const allowed: Permission = { allowed: true };

/**
 * What the role table (contract/role-table.ts) says of the endpoint for this role: the same table
 * the service enforces, so that the console offers only what the service would do, with the
 * refusal the service would answer as the reason. A public endpoint and one about the person
 * (auth `session`) are anyone's; an endpoint only a person's session may call is refused to a
 * workspace token.
 */
export function permissionOf(
  role: Role | undefined,
  endpoint: AnyEndpoint,
  withToken = false,
): Permission {
  if (endpoint.auth === 'public' || endpoint.auth === 'session') return allowed;
  if (endpoint.access?.sessionOnly && withToken) {
    return { allowed: false, reason: 'Only a person signed in by e-mail link can do this.' };
  }
  if (!role) return { allowed: false, reason: 'You are no longer a member of this workspace.' };
  return mayCall(role, endpoint)
    ? allowed
    : { allowed: false, reason: refusalMessage(role, endpoint) };
}

/**
 * Whether the signed-in role may call the endpoints (all of them); no endpoint is always allowed.
 * The kits ask it for what they offer: save bars, create buttons, dialogs, row actions.
 */
export function useMayCall(...endpoints: readonly (AnyEndpoint | undefined)[]): Permission {
  const signedIn = useSignedIn();
  for (const endpoint of endpoints) {
    if (!endpoint) continue;
    const permission = permissionOf(signedIn?.role, endpoint, signedIn?.kind === 'token');
    if (!permission.allowed) return permission;
  }
  return allowed;
}

/**
 * Whether the signed-in role may see in clear the secrets an endpoint answers, and else why: a
 * role that may not call it at all (the workspace token is the owner's), or one the role table
 * gives the secrets masked (a viewer's API-key tokens). A token sees every secret, as the service
 * answers it.
 */
export function useSecretPermission(endpoint: AnyEndpoint): Permission {
  const signedIn = useSignedIn();
  const permission = useMayCall(endpoint);
  if (!permission.allowed || signedIn?.kind !== 'person' || !signedIn.role) return permission;
  return maskedFor(signedIn.role, endpoint)
    ? { allowed: false, reason: `${rolePlurals[signedIn.role]} see secrets masked.` }
    : allowed;
}

/**
 * A button for an action the role may not take: it stays in place and in the tab order, looks
 * and reads as disabled (`aria-disabled`), does nothing, and says why on hover and to a screen
 * reader (its title, the accessible description).
 */
export function refusedButton(permission: Permission): ComponentProps<'button'> {
  if (permission.allowed) return {};
  return {
    'aria-disabled': true,
    title: permission.reason,
    onClick: (event: MouseEvent) => event.preventDefault(),
  };
}
