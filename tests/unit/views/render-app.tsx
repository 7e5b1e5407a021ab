/** Renders the real app (routes, machines, views) at a path, with fake services at the API boundary. */
import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../src/app/app';
import type { DictionaryApi } from '../../../src/api/dictionary-client';
import type { AppServices } from '../../../src/app/services';
import type { HtmlSanitiser } from '../../../src/platform/html-sanitiser';
import { fakeApi } from './fixtures';

export function renderApp(
  path: string,
  options: { fake?: ReturnType<typeof fakeApi>; sanitiser?: HtmlSanitiser; dictionary?: DictionaryApi; strict?: boolean } = {},
) {
  const memory = memoryLocation({ path, record: true });
  const fake = options.fake ?? fakeApi();
  const reload = vi.fn();
  const logger = { warn: vi.fn() };
  // Without a fake dictionary, a look-up would reach for the real network: make that loud.
  const dictionary: DictionaryApi = options.dictionary ?? { lookUpWord: () => Promise.reject(new Error('no dictionary in this test')) };
  const services: AppServices = {
    api: fake.api,
    reload,
    logger,
    dictionary,
    ...(options.sanitiser ? { sanitiser: options.sanitiser } : {}),
  };
  const user = userEvent.setup();
  const app = <App services={services} location={{ hook: memory.hook, searchHook: memory.searchHook }} />;
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, ...fake, memory, reload, logger, user };
}

/** A promise that never settles: the screen stays in its loading state. */
export function pending<T>(): Promise<T> {
  return new Promise<T>(() => {});
}
