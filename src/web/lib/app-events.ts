import { useEffect, useRef } from 'react';
import type { AppEvent } from '../../domain/events.ts';

/**
 * The server's live events (GET /api/events, server-sent events): one EventSource per tab, opened while
 * at least one component listens, closed when the last one leaves. The browser reconnects by itself.
 */
type Listener = (event: AppEvent) => void;

const listeners = new Set<Listener>();
let source: EventSource | undefined;

const EVENT_TYPES: AppEvent['type'][] = ['generation', 'project', 'post'];

// The events' schema (and zod with it) loads with the first event, not with every page that listens.
const loadEventSchema = () => import('../../domain/events.ts').then((module) => module.appEventSchema);

function open(): void {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource('/api/events', { withCredentials: true });
  for (const type of EVENT_TYPES) {
    source.addEventListener(type, (message) => {
      const data = safeJson((message as MessageEvent<string>).data);
      // One module promise: events still reach the listeners in the order they came.
      void loadEventSchema().then((schema) => {
        const parsed = schema.safeParse(data);
        if (!parsed.success) return;
        for (const listener of [...listeners]) listener(parsed.data);
      });
    });
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function subscribeToAppEvents(listener: Listener): () => void {
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && source) {
      source.close();
      source = undefined;
    }
  };
}

/** Calls `onEvent` for every live event while the component is mounted (the latest callback, without resubscribing). */
export function useAppEvents(onEvent: Listener, enabled = true): void {
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => {
    if (!enabled) return undefined;
    return subscribeToAppEvents((event) => latest.current(event));
  }, [enabled]);
}
