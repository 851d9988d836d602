/**
 * UK clock time, the one place it is worked out: "today", "midnight" and every date a screen or a
 * certificate prints follow UK clocks (Europe/London), including the days the clocks change.
 */
export const UK_TIME_ZONE = "Europe/London";

const WALL_CLOCK = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** What a clock in London shows at `instant`. */
export function ukWallClock(instant: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const parts = WALL_CLOCK.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Today's date in the UK as YYYY-MM-DD (the value of an `<input type="date">`). */
export function ukDate(now: Date): string {
  const { year, month, day } = ukWallClock(now);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Midnight at the start of `now`'s UK day, as an instant. */
export function startOfUkDay(now: Date): Date {
  /** How far London's clock is ahead of UTC at `instant`, in ms. */
  const offsetAt = (instant: Date) => {
    const wall = ukWallClock(instant);
    return (
      Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) -
      Math.floor(instant.getTime() / 1000) * 1000
    );
  };
  const today = ukWallClock(now);
  const midnightAsUtc = Date.UTC(today.year, today.month - 1, today.day);
  // The offset at midnight can differ from the offset now (a clock change at 01:00): settle it.
  const guess = new Date(midnightAsUtc - offsetAt(now));
  return new Date(midnightAsUtc - offsetAt(guess));
}
