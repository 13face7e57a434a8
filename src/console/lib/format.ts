/**
 * The contract writes most field rules as fragments ("must not be empty") that read after the
 * field's name; whole sentences are shown as they are.
 */
export function fieldMessage(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /^[a-z]/.test(message) ? `${label} ${message}.` : message;
}

/** Only same-site paths may be redirect targets, so a crafted link cannot send users elsewhere. */
export function safeRedirect(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return '/';
  }
  return target;
}
