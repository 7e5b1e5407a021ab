// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Router, Switch, useParams, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { searchRedirectTarget, SearchRedirect } from '../../../src/app/search-redirect';
import { TextsContext } from '../../../src/views/texts-context';
import { allTexts } from '../../support/texts';

function ListStandIn() {
  const { lang } = useParams<{ lang: string }>();
  const search = useSearch();
  return <p>{`list in ${lang}, search box: ${new URLSearchParams(search).get('q') ?? ''}`}</p>;
}

function renderAt(path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <TextsContext.Provider value={allTexts()}>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <Switch>
          <Route path="/search">
            <SearchRedirect />
          </Route>
          <Route path="/:lang/articles">
            <ListStandIn />
          </Route>
        </Switch>
      </Router>
    </TextsContext.Provider>,
  );
  return memory;
}

describe('/search', () => {
  it('forwards to the zh list with the term when no language is given, replacing the history entry', async () => {
    const memory = renderAt('/search?q=climate%20change');
    expect(await screen.findByText('list in zh, search box: climate change')).toBeInTheDocument();
    expect(memory.history).toEqual(['/zh/articles?q=climate%20change']);
  });

  it('uses the lang parameter when it is a language we know', async () => {
    renderAt('/search?q=f%C3%BAtbol&lang=es');
    expect(await screen.findByText('list in es, search box: fútbol')).toBeInTheDocument();
  });

  it('keeps reserved characters of the term intact through the router', async () => {
    const memory = renderAt('/search?q=R%26D%20%2B%20jobs%3F&lang=en');
    expect(await screen.findByText('list in en, search box: R&D + jobs?')).toBeInTheDocument();
    expect(memory.history).toEqual(['/en/articles?q=R%26D%20%2B%20jobs%3F']);
  });

  it.each([
    ['?q=energy&lang=xx', '/zh/articles?q=energy'],
    ['?q=energy&lang=EN', '/en/articles?q=energy'],
    ['?q=%20%20', '/zh/articles'],
    ['', '/zh/articles'],
    ['?lang=es', '/es/articles'],
    ['?q=a%26b%3Dc', '/zh/articles?q=a%26b%3Dc'],
  ])('%s leads to %s', (search, target) => {
    expect(searchRedirectTarget(search)).toBe(target);
  });
});
