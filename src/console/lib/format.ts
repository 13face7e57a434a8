/** Up to two initials of a name (or of an e-mail's local part), for an avatar without a picture. */
export function initials(name: string, email = ''): string {
  // Services often use the e-mail as the name; its domain would only add noise.
  const source = (name.trim() || email).split('@')[0] ?? '';
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters
    .map((word) => word?.charAt(0) ?? '')
    .join('')
    .toUpperCase();
}

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
