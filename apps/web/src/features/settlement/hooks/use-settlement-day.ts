// The day the reward distribution page shows, and what the server says of it: the day picked, or
// else the next day to settle; its preview (a settled day: its run); the history; whether it can run.
import { ErrorCode } from '@agc/shared';
import { ApiError, isForbidden } from '@web/lib/request.ts';
import { useState } from 'react';
import { useSettlementHistory } from '../api/get-settlement-history.ts';
import { useSettlementPreview } from '../api/get-settlement-preview.ts';

export function useSettlementDay() {
  const [picked, setPicked] = useState<string | null>(null);
  // Without a day the server previews its default; the picker then starts at the next day to settle.
  const initial = useSettlementPreview(null);
  // With every past day settled the server answers no day at all (day '', next_day null).
  const defaultDay = initial.data ? (initial.data.next_day ?? (initial.data.day || null)) : null;
  const day = picked ?? defaultDay;
  const preview = useSettlementPreview(day, { enabled: day !== null });
  const history = useSettlementHistory();

  /** The preview of the day shown (not of a day picked before, while the new one loads). */
  const data = day !== null && preview.data?.day === day ? preview.data : undefined;
  const nextDay = data?.next_day ?? history.data?.next_day ?? initial.data?.next_day ?? null;
  // Today or a later day: the server says it is not over yet and when it can be settled (425 Too Early).
  const notYet = isTooEarly(preview.error) ? preview.error : null;
  return {
    day,
    pick: setPicked,
    /** The server refused (403): admins only. */
    forbidden: [initial.error, preview.error, history.error].some(isForbidden),
    isPending: initial.isPending || (day !== null && preview.isPending),
    error: notYet ? null : (preview.error ?? initial.error),
    /** The day picked is not over yet: the server's translated "not yet, from …" (not a failure). */
    notYet,
    retry: () => void (preview.error ? preview.refetch() : initial.refetch()),
    data,
    nextDay,
    /** Days settle in order: only the next one, unsettled, with totals. */
    canRun: data !== undefined && data.run === null && data.totals !== null && data.day === nextDay,
    history,
  };
}

const isTooEarly = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === ErrorCode.tooEarly;

export type SettlementDayState = ReturnType<typeof useSettlementDay>;
