// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCookieBannerPanel } from '../../support/cookie-banner-panel';
import { createActor } from 'xstate';
import { consentMachine } from '../../../src/machines/consent-machine';
import { createConsentStore } from '../../../src/platform/consent-store';
import { memoryStorage, type KeyValueStorage } from '../../../src/platform/storage';
import { CookieBanner } from '../../../src/views/consent/cookie-banner';
import { Footer } from '../../../src/views/footer';
import { textsIn } from '../../support/texts';
import { textLanguageFor } from '../../../common/languages';

function setup(options: { stored?: string; language?: string } = {}) {
  const storage: KeyValueStorage = memoryStorage(options.stored === undefined ? {} : { 'cookie-consent': options.stored });
  const store = createConsentStore(storage);
  const actor = createActor(
    consentMachine.provide({
      actions: { persistChoice: ({ context }) => void (context.choice && store.save(context.choice)) },
    }),
    { input: { savedChoice: store.load() } },
  ).start();
  const language = options.language ?? 'en';
  const view = render(
    <>
      <main id="main" tabIndex={-1}>
        <button type="button">Read the article</button>
      </main>
      <Footer texts={textsIn(language).footer} year={2026} onOpenCookieSettings={() => actor.send({ type: 'OPEN_SETTINGS' })} />
      <CookieBanner consent={actor} language={textLanguageFor(language)} />
    </>,
  );
  const user = userEvent.setup({ delay: null });
  return { actor, storage, view, user };
}

const stored = (storage: KeyValueStorage) => JSON.parse(storage.get('cookie-consent') ?? 'null');
const banner = () => screen.queryByRole('region', { name: /privacy|隐私|privacidad|preferences|偏好|preferencias/i });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
/** Lets the first-visit delay pass, then returns to real timers for user-event. */
function showBanner() {
  advance(1000);
  vi.useRealTimers();
}

describe('cookie banner', () => {
  beforeAll(loadCookieBannerPanel);
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('appears after one second, inside a polite live region, without taking focus', () => {
    setup();
    expect(banner()).toBeNull();
    const liveRegion = document.querySelector('[aria-live="polite"]');
    expect(liveRegion).not.toBeNull();
    advance(999);
    expect(banner()).toBeNull();
    advance(1);
    const region = banner();
    expect(region).not.toBeNull();
    expect(liveRegion?.contains(region)).toBe(true);
    expect(region).toHaveAccessibleDescription(/essential cookies/);
    const buttons = within(region as HTMLElement)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(['Accept All', 'Reject All', 'Customize']);
    expect(document.body).toHaveFocus();
  });

  it('Accept All saves { essential: true, analytics: true } and closes', async () => {
    const { storage, user } = setup();
    showBanner();
    await user.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(banner()).toBeNull();
    expect(stored(storage)).toEqual({ essential: true, analytics: true });
  });

  it('Reject All saves analytics off and closes', async () => {
    const { storage, user } = setup();
    showBanner();
    await user.click(screen.getByRole('button', { name: 'Reject All' }));
    expect(banner()).toBeNull();
    expect(stored(storage)).toEqual({ essential: true, analytics: false });
  });

  it('Customize shows Essential (checked, disabled) and Analytics (checked); Back returns; Save stores the checkbox', async () => {
    const { storage, user } = setup();
    showBanner();
    await user.click(screen.getByRole('button', { name: 'Customize' }));
    const region = screen.getByRole('region', { name: 'Cookie preferences' });
    expect(screen.getByRole('heading', { name: 'Cookie preferences' })).toHaveFocus();
    const essential = within(region).getByRole('checkbox', { name: 'Essential cookies' });
    const analytics = within(region).getByRole('checkbox', { name: 'Analytics cookies' });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    expect(analytics).toBeChecked();

    await user.click(analytics);
    expect(analytics).not.toBeChecked();
    await user.click(within(region).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Customize' })).toHaveFocus();
    expect(storage.get('cookie-consent')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Customize' }));
    expect(screen.getByRole('checkbox', { name: 'Analytics cookies' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(banner()).toBeNull();
    expect(stored(storage)).toEqual({ essential: true, analytics: false });
  });

  it('is operable with the keyboard alone', async () => {
    const { storage, user } = setup();
    showBanner();
    screen.getByRole('button', { name: 'Read the article' }).focus();
    // Footer link, then the banner's buttons, in reading order.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cookie settings' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Accept All' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Customize' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Analytics cookies' })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(banner()).toBeNull();
    expect(stored(storage)).toEqual({ essential: true, analytics: false });
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it.each([
    ['zh', '我们重视您的隐私', ['全部接受', '全部拒绝', '自定义'], '保存偏好设置', '返回'],
    ['es', 'Valoramos tu privacidad', ['Aceptar todo', 'Rechazar todo', 'Personalizar'], 'Guardar preferencias', 'Volver'],
    ['fr', 'We value your privacy', ['Accept All', 'Reject All', 'Customize'], 'Save Preferences', 'Back'],
  ])('speaks %s', async (language, title, buttons, save, back) => {
    const { user } = setup({ language });
    showBanner();
    const region = screen.getByRole('region', { name: title });
    expect(
      within(region)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(buttons);
    await user.click(within(region).getByRole('button', { name: buttons[2] }));
    expect(screen.getByRole('button', { name: save })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: back })).toBeInTheDocument();
  });

  it('does not show when a valid choice is saved', () => {
    setup({ stored: '{"essential":true,"analytics":false}' });
    advance(10_000);
    expect(banner()).toBeNull();
  });

  it('shows again when the saved value is corrupt', () => {
    setup({ stored: '{"essential":true,' });
    advance(1000);
    expect(banner()).not.toBeNull();
  });

  it('reopens from the footer with focus inside, and withdrawing consent returns focus to the footer', async () => {
    const { storage, user } = setup({ stored: '{"essential":true,"analytics":true}' });
    vi.useRealTimers();
    const settings = screen.getByRole('button', { name: 'Cookie settings' });
    expect(screen.getByRole('contentinfo')).toContainElement(settings);
    await user.click(settings);
    expect(banner()).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'We value your privacy' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Reject All' }));
    expect(banner()).toBeNull();
    expect(stored(storage)).toEqual({ essential: true, analytics: false });
    expect(settings).toHaveFocus();
  });

  it('a reopened banner shows the earlier choice and closes with Escape or Close without changing it', async () => {
    const { actor, storage, user } = setup({ stored: '{"essential":true,"analytics":false}' });
    vi.useRealTimers();
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    await user.click(screen.getByRole('button', { name: 'Customize' }));
    expect(screen.getByRole('checkbox', { name: 'Analytics cookies' })).not.toBeChecked();
    await user.keyboard('{Escape}');
    expect(banner()).toBeNull();
    expect(screen.getByRole('button', { name: 'Cookie settings' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(banner()).toBeNull();
    expect(actor.getSnapshot().matches({ rejected: 'settled' })).toBe(true);
    expect(stored(storage)).toEqual({ essential: true, analytics: false });
  });

  it('the footer link shows the banner at once while the first-visit delay is still running', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    expect(banner()).not.toBeNull();
  });

  it('offers no Close button on the first visit: a choice is needed', () => {
    setup();
    advance(1000);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});

describe('footer', () => {
  it.each([
    ['en', 'Cookie settings'],
    ['zh', 'Cookie 设置'],
    ['es', 'Configuración de cookies'],
  ])('has the cookie settings control in %s', (language, label) => {
    const onOpen = vi.fn();
    render(<Footer texts={textsIn(language).footer} year={2026} onOpenCookieSettings={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: label }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2026 NewsReader English');
  });
});
