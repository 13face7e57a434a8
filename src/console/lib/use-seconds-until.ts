import { useEffect, useState } from 'react';

function secondsUntil(until: number | undefined): number {
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/**
 * The whole seconds left until a moment (epoch ms), 0 once it has passed or when there is none.
 * Recomputed from the moment on every tick, so a throttled background tab still ends on time.
 */
export function useSecondsUntil(until: number | undefined): number {
  const [left, setLeft] = useState(() => secondsUntil(until));
  const [seen, setSeen] = useState(until);
  if (seen !== until) {
    setSeen(until);
    setLeft(secondsUntil(until));
  }
  useEffect(() => {
    if (until === undefined) return;
    const timer = window.setInterval(() => {
      const next = secondsUntil(until);
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 500);
    return () => window.clearInterval(timer);
  }, [until]);
  return left;
}
