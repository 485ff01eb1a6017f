import type { EventHub, EventListener } from './event-hub.ts';

export interface MemoryEventHub extends EventHub {
  /** How many streams listen now (tests check that a closed stream stopped listening). */
  listenerCount(): number;
}

/**
 * The hub of one process: publishing calls every listener at once. A listener that throws is
 * reported to `onListenerError` and does not keep the event from the others.
 */
export function createMemoryEventHub(options: { onListenerError?: (error: unknown) => void } = {}): MemoryEventHub {
  const listeners = new Set<EventListener>();
  const accessListeners = new Set<() => void>();
  return {
    publish(event, audience) {
      for (const listener of [...listeners]) {
        try {
          listener(event, audience);
        } catch (error) {
          options.onListenerError?.(error);
        }
      }
    },
    subscribe(listener) {
      // Wrapped, so that one function subscribed twice is two subscriptions.
      const subscription: EventListener = (event, audience) => listener(event, audience);
      listeners.add(subscription);
      return () => void listeners.delete(subscription);
    },
    accessChanged() {
      for (const listener of [...accessListeners]) {
        try {
          listener();
        } catch (error) {
          options.onListenerError?.(error);
        }
      }
    },
    onAccessChanged(listener) {
      const subscription = () => listener();
      accessListeners.add(subscription);
      return () => void accessListeners.delete(subscription);
    },
    listenerCount: () => listeners.size,
    async close() {
      listeners.clear();
      accessListeners.clear();
    },
  };
}
