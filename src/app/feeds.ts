/**
 * How things that happen outside the machines reach them. A channel carries values to whoever
 * subscribes; a feed is a channel that also remembers its latest value (the page location).
 * `follow` turns either into a callback actor for a machine to invoke: it sends the machine the
 * events `toEvents` makes of each value, and unsubscribes when the machine stops it.
 */
import { fromCallback, type AnyEventObject, type EventObject } from 'xstate';

export interface Channel<T> {
  publish(value: T): void;
  /** Calls `listener` with every value published from now on; returns the unsubscribe function. */
  subscribe(listener: (value: T) => void): () => void;
}

export interface Feed<T> extends Channel<T> {
  current(): T;
}

export function createChannel<T>(): Channel<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    publish: (value) => listeners.forEach((listener) => listener(value)),
    subscribe(listener) {
      // Each subscription is its own entry, so the same function may follow twice.
      const entry = (value: T) => listener(value);
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
  };
}

export function createFeed<T>(initial: T): Feed<T> {
  let latest = initial;
  const channel = createChannel<T>();
  return {
    current: () => latest,
    publish(value) {
      latest = value;
      channel.publish(value);
    },
    subscribe: channel.subscribe,
  };
}

/**
 * A callback actor that follows a channel: every value becomes the events `toEvents` makes of it
 * (none when the value is not the machine's business). A feed's current value is sent first, so
 * an actor started after a change still hears of it; machines ignore a value they already have.
 */
export function follow<T>(source: Channel<T> | Feed<T>, toEvents: (value: T) => readonly AnyEventObject[]) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const send = (value: T) => toEvents(value).forEach((event) => sendBack(event));
    if ('current' in source) send(source.current());
    return source.subscribe(send);
  });
}
