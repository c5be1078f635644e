/** The hero's greeting by local time of day: a friendlier hello than a fixed word. */
export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The first word of a name, for a personal but short greeting ("Ada" for "Ada Lovelace"). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}
