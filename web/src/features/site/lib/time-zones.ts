/**
 * The IANA time zones a site may be in, as the browser knows them (the server checks each name against its own
 * zone database), each with its offset from UTC now: "Europe/Paris (UTC+01:00)".
 */
let zones: readonly string[] | undefined;

/** The browser's own zone: the default of a new site. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every zone name, sorted, with UTC and the browser's own among them. */
export function timeZoneNames(): readonly string[] {
  if (zones) return zones;
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  zones = [...new Set([...known, 'UTC', browserZone()])].toSorted();
  return zones;
}

/** "UTC+08:00" for a zone at `at` ("UTC" where it is zero). */
export function utcOffset(zone: string, at = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    return (part ?? 'GMT').replace('GMT', 'UTC');
  } catch {
    return '';
  }
}

/** A zone as the picker shows it. */
export function zoneLabel(zone: string, at = new Date()): string {
  const offset = utcOffset(zone, at);
  return offset ? `${zone} (${offset})` : zone;
}

let choices: readonly { value: string; label: string }[] | undefined;

/** The picker's choices, labelled once (their offsets as of the first time they were asked for). */
export function zoneChoices(): readonly { value: string; label: string }[] {
  choices ??= timeZoneNames().map((zone) => ({ value: zone, label: zoneLabel(zone) }));
  return choices;
}
