import type { AnyEndpoint } from './endpoint';
import * as apiKeys from './api-keys';
import * as workspace from './workspace';

function entries(module: Record<string, unknown>): AnyEndpoint[] {
  return Object.values(module).filter(
    (value): value is AnyEndpoint =>
      typeof value === 'object' && value !== null && 'path' in value && 'envelope' in value,
  );
}

/** Every endpoint of the specification and of DESIGN.md's extensions, in one list. */
export const allEndpoints: readonly AnyEndpoint[] = [...entries(workspace), ...entries(apiKeys)];
