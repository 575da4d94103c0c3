import { useEffect, useState } from 'react';

const secondsLeft = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000));

/** Whole seconds left until the `until` timestamp (ms), updated every second; 0 once it has passed. */
export function useCountdown(until: number): number {
  const [left, setLeft] = useState(() => secondsLeft(until));
  useEffect(() => {
    setLeft(secondsLeft(until));
    if (secondsLeft(until) === 0) return;
    const timer = setInterval(() => {
      const next = secondsLeft(until);
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}
