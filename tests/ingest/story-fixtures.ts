/**
 * Feeds and pages for the story identity tests (tests/ingest/story-dedup.test.ts and the PostgreSQL
 * ones): stories written for these tests, served by the fixture server in the shapes real sites use
 * (a redirecting short link, an AMP copy naming its canonical page, og:url, tracking parameters, the
 * same story in two sections' feeds, an update under a new link, two stories with one title).
 */
import type { Route } from './fixture-server';

export const LIBRARY = [
  'The roof of the old public library on Mill Street will be repaired before the first snow, the town council said on Tuesday.',
  'Rain has leaked into the reading room for three winters, and staff have been catching the water in buckets placed between the shelves.',
  'Builders will replace the wooden beams above the children’s corner first, because that part of the roof is in the worst condition.',
  'The library will stay open during the work, but the reading room will close for about six weeks and its books will move to the hall.',
  'The repairs will cost two hundred thousand dollars, most of it from a state grant for historic buildings that the town won in the spring.',
  'Readers who want to help can join a volunteer group that will carry boxes of books downstairs on two Saturdays in October.',
];

export const FERRY = [
  'The island ferry will run a reduced timetable over the holidays, the harbour company announced on Friday.',
  'From the twentieth of December until the second of January, boats will leave every two hours instead of every hour.',
  'The company said that fewer people travel during the holidays and that several crew members have asked for time off to be with their families.',
  'Passengers with cars are asked to book a place at least a day before they travel, because the car deck will fill quickly.',
  'The last boat from the island on New Year’s Eve will leave at half past ten, an hour later than usual, so that visitors can watch the fireworks.',
  'The normal timetable will return on the third of January, and season tickets bought for December will still be valid in the new year.',
];

/** The ferry story a day later: one sentence changed (the last boat leaves later). */
export const FERRY_UPDATED = FERRY.map((paragraph) =>
  paragraph.startsWith('The last boat')
    ? 'The last boat from the island on New Year’s Eve will now leave at midnight, after many residents asked the company to wait until the fireworks were over.'
    : paragraph,
);

/** Two different stories under one title. */
export const BUDGET_HILLTOWN = [
  'Hilltown’s council approved a new budget on Wednesday evening after a long debate about the cost of snow clearing.',
  'The budget adds money for two new snow ploughs and for salt, which became much more expensive after last year’s hard winter.',
  'To pay for the ploughs, the council will delay the planned repainting of the town hall by one year.',
  'Several residents spoke at the meeting to ask for more street lights near the primary school, and the council agreed to study the idea.',
  'The mayor said the budget was careful but fair, and that taxes would not rise this year for most households.',
];

export const BUDGET_RIVERSIDE = [
  'The Riverside school district approved its new budget on Thursday, with extra money for reading teachers in every primary school.',
  'The district will hire twelve teachers who will work with small groups of children who find reading difficult.',
  'Parents had asked for the change after a report showed that one child in four was reading below the expected level at the age of nine.',
  'The budget also pays for new laptops in the secondary schools, replacing machines that are more than seven years old.',
  'The head of the district said the plan would be checked next summer to see whether the children’s reading had improved.',
];

export const GARDENS = [
  'Neighbours in the Eastfield area have turned an empty car park into a shared vegetable garden with forty small beds.',
  'Each family pays a small fee for a bed and promises to water it, and a rota on the gate shows who is responsible each week.',
  'The land belongs to the city, which agreed to lend it to the group for five years while it decides what to build there.',
  'Older residents teach younger ones how to grow beans, onions and potatoes, and the first harvest was shared at a street party.',
  'The group hopes to add a small greenhouse next year so that it can grow tomatoes and peppers in the colder months.',
];

/** A later, rewritten story at the same address: not a near-copy, but the same story by its address. */
export const GARDENS_FOLLOW_UP = [
  'The shared garden on the former Eastfield car park has won a city prize for community projects, six months after it opened.',
  'Judges praised the way the gardeners share tools and seeds, and said the project had brought together people who had lived on the same street for years without speaking.',
  'The prize of five thousand dollars will pay for the greenhouse the group had planned, and for a water tank that collects rain from its roof.',
  'A waiting list for beds now has more than sixty names, so the organisers are talking to a nearby church about using part of its field.',
  'The city said it would keep lending the land for at least another three years.',
];

export const MARKET = [
  'The covered market in the town centre will open on Sundays from next month, after traders voted in favour of the change.',
  'Stalls selling fruit, cheese and bread will open from nine until three, and a cafe inside the market will stay open until five.',
  'Traders said that many visitors come to the town at weekends and had found the market closed on Sundays.',
  'A small group of older traders voted against, saying that they wanted one free day a week, and they will be allowed to keep their stalls closed.',
];

export const BUS_LANES = [
  'New bus lanes on the main road to the hospital will be painted next week, and buses will be allowed to use them from the first of the month.',
  'The city hopes the lanes will make the journey to the hospital about ten minutes shorter at the busiest times of the morning.',
  'Drivers who use the lanes when they should not will receive a warning letter for the first month and a fine after that.',
  'Cyclists will also be allowed to ride in the bus lanes, which are wider than the normal lanes of the road.',
];

function escape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

export interface PageOptions {
  readonly title: string;
  readonly paragraphs: readonly string[];
  readonly canonical?: string;
  readonly ogUrl?: string;
  /** An AMP copy: other markup around the same article text. */
  readonly amp?: boolean;
}

/** An article page as a news site serves it: navigation, the article, a footer. */
export function storyPage(options: PageOptions): Route {
  const head = [
    '<meta charset="utf-8">',
    `<title>${escape(options.title)} | Westport Daily</title>`,
    options.canonical ? `<link rel="canonical" href="${escape(options.canonical)}">` : '',
    options.ogUrl ? `<meta property="og:url" content="${escape(options.ogUrl)}">` : '',
    options.amp ? '<script async src="https://cdn.ampproject.org/v0.js"></script><style amp-custom>p{margin:0}</style>' : '',
  ].join('\n');
  const article = `<article><h1>${escape(options.title)}</h1>${options.paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}</article>`;
  const body = options.amp
    ? `<amp-sidebar id="menu"><ul><li>Home</li><li>Local</li></ul></amp-sidebar><main>${article}</main>`
    : `<header><nav><a href="/">Home</a> <a href="/local">Local</a> <a href="/sport">Sport</a></nav></header>
       <main>${article}<aside><h2>Most read</h2><ul><li>Snow expected on Sunday</li></ul></aside></main>
       <footer>Westport Daily (a test fixture). All rights reserved.</footer>`;
  return {
    body: `<!DOCTYPE html><html ${options.amp ? '⚡ ' : ''}lang="en"><head>${head}</head><body>${body}</body></html>`,
    contentType: 'text/html; charset=utf-8',
  };
}

export interface FeedItemFixture {
  readonly title: string;
  readonly link: string;
  readonly guid?: string;
  readonly summary?: string;
  /** Full text in the feed (content:encoded / Atom content): the page is not fetched. */
  readonly paragraphs?: readonly string[];
  readonly published?: string;
}

export function rssFeed(title: string, items: readonly FeedItemFixture[]): Route {
  const entries = items.map(
    (item) => `<item><title>${escape(item.title)}</title><link>${escape(item.link)}</link>
      <guid isPermaLink="false">${escape(item.guid ?? item.link)}</guid>
      <pubDate>${new Date(item.published ?? '2026-11-20T08:00:00Z').toUTCString()}</pubDate>
      ${item.summary ? `<description>${escape(item.summary)}</description>` : ''}
      ${item.paragraphs ? `<content:encoded><![CDATA[${item.paragraphs.map((p) => `<p>${p}</p>`).join('')}]]></content:encoded>` : ''}
    </item>`,
  );
  return {
    body: `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>${escape(title)}</title>
<link>{{ORIGIN}}/</link><description>Test feed</description>${entries.join('\n')}</channel></rss>`,
    contentType: 'application/rss+xml; charset=utf-8',
  };
}

export function atomFeed(title: string, items: readonly FeedItemFixture[]): Route {
  const entries = items.map(
    (item) => `<entry><title>${escape(item.title)}</title><link rel="alternate" href="${escape(item.link)}"/>
      <id>${escape(item.guid ?? item.link)}</id><updated>${item.published ?? '2026-11-20T08:00:00Z'}</updated>
      ${item.summary ? `<summary>${escape(item.summary)}</summary>` : ''}
      ${item.paragraphs ? `<content type="html">${escape(item.paragraphs.map((p) => `<p>${p}</p>`).join(''))}</content>` : ''}
    </entry>`,
  );
  return {
    body: `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>${escape(title)}</title><id>{{ORIGIN}}/${escape(title)}</id>
<updated>2026-11-20T08:00:00Z</updated>${entries.join('\n')}</feed>`,
    contentType: 'application/atom+xml; charset=utf-8',
  };
}

/** The pages every story test serves; feeds are added per test. */
export function storyPages(): Record<string, Route> {
  return {
    // A short link that redirects to the story, as feeds' tracking links do.
    '/r/8f3a': { location: '{{ORIGIN}}/news/library-roof' },
    '/news/library-roof': storyPage({
      title: 'Library Roof Will Be Fixed Before Winter',
      paragraphs: LIBRARY,
      canonical: '{{ORIGIN}}/news/library-roof',
    }),
    // The site answers with and without the trailing slash.
    '/news/library-roof/': storyPage({
      title: 'Library Roof Will Be Fixed Before Winter',
      paragraphs: LIBRARY,
      canonical: '{{ORIGIN}}/news/library-roof',
    }),
    // The AMP copy names the real page as its canonical.
    '/amp/news/library-roof': storyPage({
      title: 'Library Roof Will Be Fixed Before Winter',
      paragraphs: LIBRARY,
      canonical: '{{ORIGIN}}/news/library-roof',
      amp: true,
    }),
    '/news/ferry-timetable': storyPage({ title: 'Ferry Timetable Changes for the Holidays', paragraphs: FERRY }),
    '/news/ferry-timetable-update': storyPage({ title: 'Ferry Will Wait for the Fireworks', paragraphs: FERRY_UPDATED }),
    '/news/budget-hilltown': storyPage({ title: 'Council Approves New Budget', paragraphs: BUDGET_HILLTOWN }),
    '/news/budget-riverside': storyPage({ title: 'Council Approves New Budget', paragraphs: BUDGET_RIVERSIDE }),
    // No <link rel="canonical">, only og:url.
    '/news/garden-share': storyPage({
      title: 'Car Park Becomes a Garden',
      paragraphs: GARDENS,
      ogUrl: '{{ORIGIN}}/news/community-gardens',
    }),
    // Two different stories both naming an address on another site as theirs: not trusted.
    '/news/market-sundays': storyPage({
      title: 'Market to Open on Sundays',
      paragraphs: MARKET,
      canonical: 'http://syndication.example/news/shared-story',
    }),
    // A misconfigured site naming its home page as every page's canonical: not trusted either.
    '/local/market-sundays': storyPage({ title: 'Market to Open on Sundays', paragraphs: MARKET, canonical: '{{ORIGIN}}/' }),
    '/local/bus-lanes': storyPage({ title: 'Bus Lanes for the Hospital Road', paragraphs: BUS_LANES, canonical: '{{ORIGIN}}/' }),
    '/news/bus-lanes': storyPage({
      title: 'Bus Lanes for the Hospital Road',
      paragraphs: BUS_LANES,
      canonical: 'http://syndication.example/news/shared-story',
    }),
  };
}
