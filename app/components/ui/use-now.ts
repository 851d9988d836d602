import { useEffect, useState } from "react";

/**
 * The clock, read once a second until `until` (epoch milliseconds) has passed, then left alone:
 * for a countdown, which stops ticking once it reaches zero. With `until` null it does not tick.
 * A new `until` reads the clock at once, so a countdown never starts from a stale time.
 */
export function useNow(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const [counting, setCounting] = useState(until);
  if (counting !== until) {
    // Adjusted while rendering (not in an effect), so the first frame of a new countdown is right.
    setCounting(until);
    setNow(Date.now());
  }
  useEffect(() => {
    if (until === null) return;
    const tick = () => {
      const time = Date.now();
      setNow(time);
      return time < until;
    };
    if (!tick()) return;
    const timer = window.setInterval(() => {
      if (!tick()) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return now;
}
