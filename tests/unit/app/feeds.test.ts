// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, setup, type AnyEventObject } from 'xstate';
import { createChannel, createFeed, follow } from '../../../src/app/feeds';

/** A machine that keeps every event it is sent, following `source` through an invoked actor. */
function follower(logic: ReturnType<typeof follow>) {
  const received: AnyEventObject[] = [];
  const machine = setup({ actors: { source: logic } }).createMachine({
    invoke: { src: 'source' },
    on: { '*': { actions: ({ event }) => void received.push(event) } },
  });
  return { actor: createActor(machine).start(), received };
}

describe('channels and feeds', () => {
  it('a channel tells every subscriber until it unsubscribes', () => {
    const channel = createChannel<number>();
    const heard: number[] = [];
    const stop = channel.subscribe((value) => heard.push(value));
    channel.subscribe((value) => heard.push(value * 10));
    channel.publish(1);
    stop();
    channel.publish(2);
    expect(heard).toEqual([1, 10, 20]);
  });

  it('a feed remembers its latest value', () => {
    const feed = createFeed('/zh');
    feed.publish('/es');
    expect(feed.current()).toBe('/es');
  });

  it("follow sends a feed's current value first, then every later one, as the events it makes of them", () => {
    const feed = createFeed('/zh');
    const { received } = follower(follow(feed, (path) => (path === '/skip' ? [] : [{ type: 'AT', path }])));
    feed.publish('/skip');
    feed.publish('/es');
    expect(received).toEqual([
      { type: 'AT', path: '/zh' },
      { type: 'AT', path: '/es' },
    ]);
  });

  it('follow stops listening when its actor stops', () => {
    const channel = createChannel<string>();
    const { actor, received } = follower(follow(channel, (name) => [{ type: 'TRACK', name }]));
    channel.publish('a');
    actor.stop();
    channel.publish('b');
    expect(received).toEqual([{ type: 'TRACK', name: 'a' }]);
  });
});
