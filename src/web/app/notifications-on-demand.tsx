import { useNotifications } from '@mantine/notifications';
import { Suspense, lazy, useState } from 'react';

// Mantine's notifications (their container, transitions and timers: about 7 KB gzip) load with the first
// one shown; until then a page's first load carries only the store that `notifications.show` writes to.
// Through a module of its own: importing the package here would make one chunk of all of it.
const NotificationsCode = lazy(() => import('./notifications-host.tsx').then((module) => ({ default: module.Notifications })));

/** Mantine's `<Notifications>`, mounted once the store holds a notification (issue 23). */
export function NotificationsOnDemand({ position }: { position: 'bottom-right' }) {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsCode position={position} />
    </Suspense>
  );
}
