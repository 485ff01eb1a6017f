import { vi } from 'vitest';

/** One server event, as the app's EventSource listeners receive it. */
type Listener = (message: { data: string }) => void;

/**
 * Stands a fake EventSource in for the browser's (jsdom has none) and returns `send`, which delivers a
 * server event to the listeners of the first one the page opened. Undone by vi.unstubAllGlobals().
 */
export function stubEventSource(): { send: (type: string, event: unknown) => void } {
  const sources: { listeners: Map<string, Listener> }[] = [];
  class FakeEventSource {
    listeners = new Map<string, Listener>();
    constructor() {
      sources.push(this);
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, listener);
    }
    close() {}
  }
  vi.stubGlobal('EventSource', FakeEventSource);
  return { send: (type, event) => sources[0]!.listeners.get(type)!({ data: JSON.stringify(event) }) };
}
