/** How long a list page prefetched as the app opened (router.tsx, prefetchPageData) counts as just read. */
const JUST_READ_MS = 3_000;

/**
 * A list's `refetchOnMount`: as TanStack Query does (a page read before is read again), except a page
 * read a moment ago (the one the app prefetched with the session check) that no change has invalidated
 * since, which the list would otherwise ask for twice.
 */
export function refetchUnlessJustRead(query: { state: { isInvalidated: boolean; dataUpdatedAt: number } }): boolean {
  return query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_READ_MS;
}
