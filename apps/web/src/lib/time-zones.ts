/**
 * Current IANA names of zones that ICU (browsers, Node) still lists by their old name: a user looks
 * for Kolkata, not Calcutta. Both names are valid zones for Intl and the server.
 */
const currentZoneNames: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
};
const currentName = (zone: string) => currentZoneNames[zone] ?? zone;

/** The browser's IANA zone (the recipient's zone offered first), or UTC. */
export function browserTimeZone(): string {
  return currentName(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/** The IANA zones the browser knows, for the recipient's zone (with `current` when it is not listed). */
export function timeZoneOptions(current?: string | null): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['America/Chicago', 'UTC'];
  const list = new Set(zones.map(currentName));
  if (current) list.add(current);
  return [...list].sort();
}
