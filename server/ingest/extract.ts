/**
 * From HTML to the plain-text paragraphs the store keeps. Markup never reaches the
 * store: only the text of block elements survives, so scripts, styles, event handlers,
 * embeds and tracking pixels are gone by construction (the page renderer escapes the text).
 */
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';

const BLOCKS = 'p, li, blockquote, pre, h2, h3, h4, h5, h6, dd';
// Figures go too: their captions are mostly photo credits, not the story.
const DROPPED =
  'figure, script, style, noscript, template, iframe, object, embed, svg, canvas, form, button, input, select, textarea, nav, aside, footer, header';

/** jsdom reports CSS it cannot parse on its console; a news page's CSS is not our concern. */
function quietConsole(): VirtualConsole {
  return new VirtualConsole();
}

function normaliseSpace(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

function paragraphsOf(root: Element): string[] {
  for (const element of root.querySelectorAll(DROPPED)) element.remove();
  const blocks = [...root.querySelectorAll(BLOCKS)].filter((el) => !el.querySelector(BLOCKS));
  // No block markup at all: text separated by blank lines or <br><br>.
  const texts = blocks.length ? blocks.map((el) => el.textContent ?? '') : splitPlain(root);
  return texts.map(normaliseSpace).filter((t) => /[A-Za-z]/.test(t));
}

function splitPlain(root: Element): string[] {
  const html = root.innerHTML.replace(/<br\s*\/?>\s*<br\s*\/?>/gi, '\n\n').replace(/<\/(?:div|section|article)>/gi, '\n\n');
  const doc = new JSDOM(`<body>${html}</body>`, { virtualConsole: quietConsole() }).window.document;
  return (doc.body.textContent ?? '').split(/\n\s*\n/);
}

/** Paragraphs of an HTML fragment (a feed's content:encoded or Atom content). */
export function htmlToParagraphs(html: string): string[] {
  const dom = new JSDOM(`<!DOCTYPE html><body><div id="root">${html}</div></body>`, { virtualConsole: quietConsole() });
  try {
    const root = dom.window.document.getElementById('root');
    return root ? paragraphsOf(root) : [];
  } finally {
    dom.window.close();
  }
}

/** Plain text of a short HTML fragment, such as a feed's summary. */
export function htmlToText(html: string): string {
  return htmlToParagraphs(html).join(' ') || normaliseSpace(html.replace(/<[^>]*>/g, ' '));
}

export interface ExtractedPage {
  readonly title?: string;
  readonly paragraphs: string[];
  /** <link rel="canonical">, else og:url, when the page names one. */
  readonly canonicalUrl?: string;
  readonly excerpt?: string;
  readonly publishedAt?: string;
}

export class ExtractionError extends Error {
  override name = 'ExtractionError';
}

/** The main text of an article page, found by Mozilla's Readability (Firefox Reader View). */
export function extractArticle(html: string, pageUrl: string): ExtractedPage {
  const dom = new JSDOM(html, { url: pageUrl, virtualConsole: quietConsole() });
  try {
    const document = dom.window.document;
    // The page's own address for itself: <link rel="canonical">, else Open Graph's og:url (whether the
    // importer trusts it is its call: story-identity.ts isSameSite).
    const canonicalHref =
      document.querySelector('link[rel~="canonical"]')?.getAttribute('href') ??
      document.querySelector('meta[property="og:url"]')?.getAttribute('content') ??
      undefined;
    let canonicalUrl: string | undefined;
    try {
      canonicalUrl = canonicalHref ? new URL(canonicalHref, pageUrl).href : undefined;
    } catch {
      canonicalUrl = undefined;
    }
    const publishedMeta = document
      .querySelector('meta[property="article:published_time"], meta[name="date"], meta[itemprop="datePublished"]')
      ?.getAttribute('content');
    const article = new Readability(document, { charThreshold: 200 }).parse();
    if (!article?.content) throw new ExtractionError('no article text found on the page');
    const paragraphs = htmlToParagraphs(article.content);
    if (paragraphs.length === 0) throw new ExtractionError('no article text found on the page');
    const published = publishedMeta && !Number.isNaN(Date.parse(publishedMeta)) ? new Date(publishedMeta).toISOString() : undefined;
    return {
      ...(article.title ? { title: normaliseSpace(article.title) } : {}),
      paragraphs,
      ...(canonicalUrl && /^https?:/.test(canonicalUrl) ? { canonicalUrl } : {}),
      ...(article.excerpt ? { excerpt: normaliseSpace(article.excerpt) } : {}),
      ...(published ? { publishedAt: published } : {}),
    };
  } finally {
    dom.window.close();
  }
}
