/**
 * What this device keeps for every tab (localStorage): addresses and ids, never a credential.
 * Without storage (a private window that refuses it) nothing is kept and nothing fails.
 */
export function deviceValue(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps a value for every tab of this device; null forgets it. */
export function keepDeviceValue(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing is kept: a new tab starts from the defaults.
  }
}
