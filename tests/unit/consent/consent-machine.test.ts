// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { consentRecord, type ConsentRecord } from '../../../src/domain/consent-record';
import { analyticsAllowed, consentMachine } from '../../../src/machines/consent-machine';
import { createConsentStore } from '../../../src/platform/consent-store';
import { memoryStorage } from '../../../src/platform/storage';

function startConsent(savedChoice: ConsentRecord | null = null) {
  const saved: (ConsentRecord | null)[] = [];
  const actor = createActor(consentMachine.provide({ actions: { persistChoice: ({ context }) => saved.push(context.choice) } }), {
    input: { savedChoice },
  }).start();
  return { actor, saved };
}

function bannerVisible(actor: ReturnType<typeof startConsent>['actor']): boolean {
  return actor.getSnapshot().hasTag('banner');
}

describe('consent machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the banner 1000 ms after load when no choice is saved', () => {
    const { actor } = startConsent();
    expect(actor.getSnapshot().matches({ undecided: 'waiting' })).toBe(true);
    vi.advanceTimersByTime(999);
    expect(bannerVisible(actor)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ undecided: { prompting: 'summary' } })).toBe(true);
    expect(bannerVisible(actor)).toBe(true);
    expect(analyticsAllowed(actor.getSnapshot().context)).toBe(false);
  });

  it('Accept All turns analytics on, saves the choice and closes the banner', () => {
    const { actor, saved } = startConsent();
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'ACCEPT_ALL' });
    expect(actor.getSnapshot().matches('accepted')).toBe(true);
    expect(bannerVisible(actor)).toBe(false);
    expect(actor.getSnapshot().context.choice).toEqual({ essential: true, analytics: true });
    expect(saved).toEqual([{ essential: true, analytics: true }]);
  });

  it('Reject All turns analytics off and saves that', () => {
    const { actor, saved } = startConsent();
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'REJECT_ALL' });
    expect(actor.getSnapshot().matches('rejected')).toBe(true);
    expect(bannerVisible(actor)).toBe(false);
    expect(analyticsAllowed(actor.getSnapshot().context)).toBe(false);
    expect(saved).toEqual([{ essential: true, analytics: false }]);
  });

  it('Customize opens the details with analytics checked; Back returns; Save applies the checkbox', () => {
    const { actor, saved } = startConsent();
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'CUSTOMIZE' });
    expect(actor.getSnapshot().hasTag('customizing')).toBe(true);
    expect(actor.getSnapshot().context.analyticsDraft).toBe(true);

    actor.send({ type: 'SET_ANALYTICS', enabled: false });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches({ undecided: { prompting: 'summary' } })).toBe(true);
    expect(saved).toEqual([]);

    actor.send({ type: 'CUSTOMIZE' });
    expect(actor.getSnapshot().context.analyticsDraft).toBe(false);
    actor.send({ type: 'SAVE_PREFERENCES' });
    expect(actor.getSnapshot().matches('customized')).toBe(true);
    expect(bannerVisible(actor)).toBe(false);
    expect(saved).toEqual([{ essential: true, analytics: false }]);
  });

  it('a customized choice with analytics left checked allows analytics', () => {
    const { actor, saved } = startConsent();
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'CUSTOMIZE' });
    actor.send({ type: 'SAVE_PREFERENCES' });
    expect(actor.getSnapshot().matches('customized')).toBe(true);
    expect(analyticsAllowed(actor.getSnapshot().context)).toBe(true);
    expect(saved).toEqual([{ essential: true, analytics: true }]);
  });

  it('ignores choices before the banner has appeared', () => {
    const { actor, saved } = startConsent();
    actor.send({ type: 'ACCEPT_ALL' });
    expect(actor.getSnapshot().matches({ undecided: 'waiting' })).toBe(true);
    expect(saved).toEqual([]);
  });

  it.each([
    [consentRecord(true), 'accepted', true],
    [consentRecord(false), 'rejected', false],
  ] as const)('applies a saved choice %j at load without a banner', (choice, state, allowed) => {
    const { actor } = startConsent(choice);
    expect(actor.getSnapshot().matches(state)).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(bannerVisible(actor)).toBe(false);
    expect(analyticsAllowed(actor.getSnapshot().context)).toBe(allowed);
  });

  it('treats corrupt stored values as no choice and asks again', () => {
    for (const stored of ['{not json', '"yes"', '[true]', 'null', '{"essential":true,"analytics":"true"}', '{"analytics":true}']) {
      const store = createConsentStore(memoryStorage({ 'cookie-consent': stored }));
      const { actor } = startConsent(store.load());
      expect(actor.getSnapshot().matches('undecided'), stored).toBe(true);
      vi.advanceTimersByTime(1000);
      expect(bannerVisible(actor), stored).toBe(true);
      actor.stop();
    }
  });

  it('reopens from the footer with the earlier choice shown, keeping it until a new one is made', () => {
    const { actor, saved } = startConsent(consentRecord(false));
    actor.send({ type: 'OPEN_SETTINGS' });
    expect(actor.getSnapshot().matches({ rejected: { reviewing: 'summary' } })).toBe(true);
    expect(bannerVisible(actor)).toBe(true);
    expect(actor.getSnapshot().hasTag('reviewing')).toBe(true);
    expect(analyticsAllowed(actor.getSnapshot().context)).toBe(false);

    actor.send({ type: 'CUSTOMIZE' });
    expect(actor.getSnapshot().context.analyticsDraft).toBe(false);
    actor.send({ type: 'SET_ANALYTICS', enabled: true });
    actor.send({ type: 'SAVE_PREFERENCES' });
    expect(actor.getSnapshot().matches({ customized: 'settled' })).toBe(true);
    expect(saved).toEqual([{ essential: true, analytics: true }]);
  });

  it('withdrawing consent from the footer is one click: reopen, Reject All', () => {
    const { actor, saved } = startConsent(consentRecord(true));
    actor.send({ type: 'OPEN_SETTINGS' });
    actor.send({ type: 'REJECT_ALL' });
    expect(actor.getSnapshot().matches({ rejected: 'settled' })).toBe(true);
    expect(analyticsAllowed(actor.getSnapshot().context)).toBe(false);
    expect(saved).toEqual([{ essential: true, analytics: false }]);
  });

  it('closing a reopened banner keeps the earlier choice and saves nothing', () => {
    const { actor, saved } = startConsent();
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'CUSTOMIZE' });
    actor.send({ type: 'SAVE_PREFERENCES' });
    actor.send({ type: 'OPEN_SETTINGS' });
    actor.send({ type: 'CUSTOMIZE' });
    actor.send({ type: 'SET_ANALYTICS', enabled: false });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().matches({ customized: 'settled' })).toBe(true);
    expect(actor.getSnapshot().context.choice).toEqual({ essential: true, analytics: true });
    expect(saved).toHaveLength(1);
  });
});
