import { useState } from 'react';

/**
 * A list query's failure for the error dialog: shown until the user accepts it, shown again when the
 * query fails anew (a later `errorUpdatedAt`). `shown` false keeps it out (e.g. a 403 the page explains).
 */
export function useDismissableError(query: { error: unknown; errorUpdatedAt: number }, shown = true): { error: unknown; dismiss: () => void } {
  const [dismissedAt, setDismissedAt] = useState(0);
  const error = shown && query.error && query.errorUpdatedAt !== dismissedAt ? query.error : null;
  return { error, dismiss: () => setDismissedAt(query.errorUpdatedAt) };
}
