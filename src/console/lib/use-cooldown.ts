import { useCallback, useState } from 'react';
import { useSecondsUntil } from './use-seconds-until';

/** A wait before an action may be repeated (resending a login link). */
export function useCooldown(seconds: number): { secondsLeft: number; start: () => void } {
  const [until, setUntil] = useState<number | undefined>(undefined);
  const secondsLeft = useSecondsUntil(until);
  const start = useCallback(() => setUntil(Date.now() + seconds * 1000), [seconds]);
  return { secondsLeft, start };
}
