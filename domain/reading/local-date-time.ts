/**
 * "2027-03-15T09:00" read as a wall-clock time in `timeZone` (the university's), as the instant it names. A
 * release is scheduled the way the office says it ("9 a.m. on 15 March"), whatever the server's zone.
 */
export function instantInZone(local: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/.exec(local.trim());
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // The zone's offset at that moment, found by formatting; once more at the corrected instant for DST edges.
  let guess = asUtc;
  for (let i = 0; i < 2; i += 1) guess = asUtc - offsetMs(new Date(guess), timeZone);
  const back = new Date(guess);
  return Number.isNaN(back.getTime()) || back.getUTCMinutes() !== mi ? null : back;
}

function offsetMs(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}
