export const baseUrlLabel = 'Server base URL';

export function baseUrlDescription(): string {
  return `Optional. Leave empty to use the service that serves this console (${window.location.origin}).`;
}
