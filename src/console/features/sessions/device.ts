/** A browser and the system it runs on, as a person would name their device. */
export interface Device {
  browser: string;
  os: string;
}

// Order matters: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari; every
// browser on iOS is Safari underneath and names itself apart (CriOS, FxiOS, EdgiOS).
const browsers: readonly [RegExp, string][] = [
  [/\bEdgA?\/|\bEdgiOS\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^node\b|\bundici\b/i, 'Node.js'],
];

const systems: readonly [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPad\b/, 'iPadOS'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: readonly [RegExp, string][], userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

/**
 * The device a session signed in from, read from its user agent: a small parser that knows the
 * browsers and systems people use, not every user agent there is. Anything else is "Unknown".
 */
export function deviceOf(userAgent: string): Device {
  return {
    browser: first(browsers, userAgent) ?? 'Unknown browser',
    os: first(systems, userAgent) ?? 'unknown system',
  };
}

/** "Chrome on macOS". */
export function deviceText(userAgent: string): string {
  const { browser, os } = deviceOf(userAgent);
  return `${browser} on ${os}`;
}
