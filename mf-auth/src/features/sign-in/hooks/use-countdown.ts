import { useEffect, useState } from 'react';

function secondsUntil(expiration: string | null): number | null {
  if (!expiration) return null;
  const end = Date.parse(expiration);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - Date.now()) / 1000));
}

/** Whole seconds left until `expiration` (an ISO instant), ticking every second; null without one. */
export function useCountdown(expiration: string | null): number | null {
  const [remaining, setRemaining] = useState(() => secondsUntil(expiration));
  useEffect(() => {
    setRemaining(secondsUntil(expiration));
    if (!expiration) return undefined;
    const timer = setInterval(() => setRemaining(secondsUntil(expiration)), 1000);
    return () => clearInterval(timer);
  }, [expiration]);
  return remaining;
}

/** 75 → "01:15" (docs/screens.md: the OTP validity in mm:ss). */
export function formatMinutesSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
