/**
 * What a subscribed browser is called in the list ("Chrome on Android"), read from its user agent. Only
 * the common browsers and systems are told apart; the rest is "a browser" on whatever system is known.
 */
export interface BrowserName {
  /** "Chrome", "Safari"…, or null when not recognised. */
  browser: string | null;
  /** "Android", "iPhone", "Windows"…, or null when not recognised. */
  system: string | null;
}

// order matters: Edge, Opera and Samsung Internet also say "Chrome"; Chrome also says "Safari"
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: [RegExp, string][], text: string) => list.find(([pattern]) => pattern.test(text))?.[1] ?? null;

export function browserName(userAgent: string): BrowserName {
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) };
}
