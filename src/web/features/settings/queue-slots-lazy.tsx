import { Suspense, lazy } from 'react';

// Below the social networks, and the only part of Settings with time pickers: its code (and theirs)
// loads after the page has shown, not with it.
const QueueSlotsSection = lazy(() => import('./queue-slots-section.tsx').then((module) => ({ default: module.QueueSlotsSection })));

/** Settings' weekly queue, loaded on its own (queue-slots-section.tsx). */
export function LazyQueueSlotsSection() {
  return (
    <Suspense fallback={null}>
      <QueueSlotsSection />
    </Suspense>
  );
}
