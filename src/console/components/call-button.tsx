import type { ComponentProps } from 'react';
import type { AnyEndpoint } from '#contract/endpoint';
import { refusedButton, useMayCall } from '../lib/use-may-call';
import { Button } from './button';

type CallButtonProps = ComponentProps<typeof Button> & {
  /** What pressing it calls: a role the role table refuses it sees it disabled, with why. */
  endpoint: AnyEndpoint;
};

/**
 * A button that calls an endpoint (a form's submit, a lone action): for a role that may not call
 * it, it stays in place, disabled, and says why on hover, so that nobody meets the service's
 * PERMISSION_DENIED from it.
 */
export function CallButton({ endpoint, ...button }: CallButtonProps) {
  const permission = useMayCall(endpoint);
  return <Button {...button} {...refusedButton(permission)} />;
}
