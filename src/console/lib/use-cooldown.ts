import { useCallback, useEffect, useState } from 'react';

interface Cooldown {
  until: number;
  secondsLeft: number;
}

function secondsUntil(until: number): number {
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/**
 * A wait before an action may be repeated (resending a login link). The seconds left are
 * recomputed from the deadline on every tick, so a throttled background tab still ends on time.
 */
export function useCooldown(seconds: number): { secondsLeft: number; start: () => void } {
  const [cooldown, setCooldown] = useState<Cooldown | null>(null);
  const until = cooldown?.until;

  useEffect(() => {
    if (until === undefined) return;
    const timer = window.setInterval(() => {
      const secondsLeft = secondsUntil(until);
      setCooldown((current) =>
        current && current.secondsLeft !== secondsLeft ? { until, secondsLeft } : current,
      );
      if (secondsLeft === 0) window.clearInterval(timer);
    }, 500);
    return () => window.clearInterval(timer);
  }, [until]);

  const start = useCallback(
    () => setCooldown({ until: Date.now() + seconds * 1000, secondsLeft: seconds }),
    [seconds],
  );
  return { secondsLeft: cooldown?.secondsLeft ?? 0, start };
}
