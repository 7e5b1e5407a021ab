// @vitest-environment node
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { renderArticleHtml } from '../../server/content/render-article';
import { sanitiseHtml } from '../../server/content/sanitise-html';
import { FIXTURES, article } from './fixtures';

function parse(html: string) {
  return new JSDOM(`<body>${html}</body>`).window.document;
}

const learner = article({
  id: 'r-learner',
  source: 'npr',
  title: 'Farmers move the market indoors',
  publishedAt: '2026-11-12T09:00:00Z',
  summary: 'The weekly market moves into an old fire station for the winter.',
  summaryTranslations: { zh: '每周集市冬季搬进旧消防站。', es: 'El mercado semanal se muda a un antiguo cuartel de bomberos.' },
  paragraphs: ['The market is moving inside for the winter.', 'Shoppers can still buy apples, bread and honey.'],
  difficulty: 'beginner',
  categories: ['business'],
  vocabulary: [
    {
      word: 'indoors',
      partOfSpeech: 'adverb',
      definition: 'inside a building',
      example: 'The market is moving inside for the winter.',
      translations: { zh: '在室内', es: 'bajo techo' },
    },
    {
      word: 'honey',
      partOfSpeech: 'noun',
      definition: 'a sweet food made by bees',
      example: 'Shoppers can still buy apples, bread and honey.',
      translations: { zh: '', es: 'miel' },
    },
  ],
  culturalNotes: [
    {
      title: 'Farmers markets',
      body: 'Many towns hold a market where farmers sell food directly.',
      translations: {
        zh: { title: '农贸市场', body: '许多城镇设有农民直接卖食物的集市。' },
        es: { title: '', body: '' },
      },
    },
  ],
});

describe('renderArticleHtml', () => {
  it('renders header, localized summary, paragraphs, vocabulary and cultural notes for zh', () => {
    const doc = parse(renderArticleHtml(learner, 'zh'));
    expect(doc.querySelector('article.nr-article h1')?.textContent).toBe('Farmers move the market indoors');
    expect(doc.querySelector('.nr-article-source')?.textContent).toBe('NPR');
    expect(doc.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-12T09:00:00.000Z');
    expect(doc.querySelector('time')?.textContent).toBe('2026年11月12日');
    expect(doc.querySelector('.nr-difficulty')?.textContent).toBe('初级');
    expect(doc.querySelector('.nr-category')?.textContent).toBe('商业');
    expect(doc.querySelector('.nr-article-summary p')?.textContent).toBe('每周集市冬季搬进旧消防站。');
    expect([...doc.querySelectorAll('.nr-article-body p')].map((p) => p.textContent)).toEqual(learner.paragraphs);
    expect(doc.querySelector('.nr-vocabulary h2')?.textContent).toBe('重点词汇');
    expect(doc.querySelector('.nr-cultural-context h2')?.textContent).toBe('文化背景');
    const items = [...doc.querySelectorAll('.nr-vocabulary-item')];
    expect(items[0]!.querySelector('.nr-vocabulary-translation')?.textContent).toBe('在室内');
    expect(items[0]!.querySelector('.nr-vocabulary-pos')?.textContent).toBe('副词');
    // An empty translation says so in the learner's language, then gives the English definition.
    expect(items[1]!.querySelector('.nr-vocabulary-translation.nr-vocabulary-missing')?.textContent).toBe('暂无中文释义（下面是英文释义）');
    expect(items[1]!.querySelector('.nr-vocabulary-definition')?.textContent).toBe('a sweet food made by bees');
    expect(items[1]!.querySelector('.nr-vocabulary-in-context')?.textContent).toBe('honey');
    expect(doc.querySelector('.nr-cultural-note h3')?.textContent).toBe('农贸市场');
  });

  it('uses Spanish labels and falls back to English where the Spanish note is empty', () => {
    const doc = parse(renderArticleHtml(learner, 'es'));
    expect(doc.querySelector('.nr-vocabulary h2')?.textContent).toBe('Vocabulario clave');
    expect(doc.querySelector('.nr-cultural-context h2')?.textContent).toBe('Contexto cultural');
    expect(doc.querySelector('.nr-article-summary p')?.textContent).toBe('El mercado semanal se muda a un antiguo cuartel de bomberos.');
    expect(doc.querySelector('.nr-vocabulary-translation')?.textContent).toBe('bajo techo');
    expect(doc.querySelector('.nr-cultural-note h3')?.textContent).toBe('Farmers markets');
    expect(doc.querySelector('.nr-cultural-note')?.getAttribute('lang')).toBe('en');
  });

  it('gives ja, ko and en learners English explanations and labels', () => {
    for (const language of ['ja', 'ko', 'en'] as const) {
      const doc = parse(renderArticleHtml(learner, language));
      expect(doc.querySelector('.nr-vocabulary h2')?.textContent, language).toBe('Key vocabulary');
      expect(doc.querySelector('.nr-cultural-context h2')?.textContent, language).toBe('Cultural context');
      expect(doc.querySelector('.nr-article-summary p')?.textContent, language).toBe(learner.summary);
      expect(doc.querySelector('.nr-vocabulary-translation'), language).toBeNull();
      expect(doc.querySelector('.nr-cultural-note h3')?.textContent, language).toBe('Farmers markets');
      expect(doc.querySelector('time')?.textContent, language).toBe('November 12, 2026');
    }
  });

  it('neutralises hostile text anywhere in the article', () => {
    const hostile = article({
      ...FIXTURES[0]!,
      id: 'r-hostile',
      title: '<img src=x onerror=alert(1)>Title',
      paragraphs: ['<script>alert(1)</script>Hello', '<a href="javascript:alert(1)">click</a>'],
      vocabulary: [
        {
          word: '<b onclick=x>w</b>',
          partOfSpeech: '"><svg onload=alert(1)>',
          definition: '<iframe src=//evil>',
          example: 'Hello',
          translations: { zh: '<style>*{}</style>' },
        },
      ],
    });
    const html = renderArticleHtml(hostile, 'zh');
    const doc = parse(html);
    expect(doc.querySelectorAll('script, img, iframe, svg, style, a[href^="javascript"]')).toHaveLength(0);
    expect([...doc.querySelectorAll('*')].some((el) => [...el.attributes].some((a) => a.name.startsWith('on')))).toBe(false);
    expect(doc.querySelector('h1')?.textContent).toBe('<img src=x onerror=alert(1)>Title');
  });

  it("marks each sentence of the title and the body for the browser, and the summary's and the notes' not", () => {
    const doc = parse(
      renderArticleHtml(
        {
          ...learner,
          title: 'Dr. Lee opens it. Crowds wait',
          paragraphs: ['Mr. Lee said no. Five ships came on Dec. 12 at 9 a.m. today. “Stop!” she said.'],
        },
        'en',
      ),
    );
    const sentences = (selector: string) => [...doc.querySelectorAll(selector)].map((element) => element.textContent);
    expect(sentences('.nr-article-title > .nr-s')).toEqual(['Dr. Lee opens it.', 'Crowds wait']);
    expect(sentences('.nr-article-body > p > .nr-s')).toEqual([
      'Mr. Lee said no.',
      'Five ships came on Dec. 12 at 9 a.m. today.',
      '“Stop!” she said.',
    ]);
    // The marks hold the words' elements whole, and nothing of the paragraph is left out of them but spaces.
    expect(doc.querySelectorAll('.nr-article-body .nr-w:not(.nr-s .nr-w)')).toHaveLength(0);
    expect(doc.querySelector('.nr-article-body p')!.textContent).toBe(
      'Mr. Lee said no. Five ships came on Dec. 12 at 9 a.m. today. “Stop!” she said.',
    );
    expect(doc.querySelectorAll('.nr-article-summary .nr-s, .nr-vocabulary .nr-s, .nr-cultural-notes .nr-s')).toHaveLength(0);
    // What the server sends passes its own sanitiser unchanged.
    expect(sanitiseHtml(doc.body.innerHTML)).toContain('<span class="nr-s">');
  });

  it('links to the original only for real web addresses', () => {
    const linked = parse(renderArticleHtml(FIXTURES[0]!, 'en'));
    const link = linked.querySelector('a.nr-article-original')!;
    expect(link.getAttribute('href')).toBe('https://example.org/news/f-telescope-title');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    const sample = parse(renderArticleHtml({ ...FIXTURES[0]!, url: 'https://newsreader.example/samples/x' }, 'en'));
    expect(sample.querySelector('a')).toBeNull();
  });
});

describe('sanitiseHtml', () => {
  it('keeps the semantic markup and strips scripts, handlers, styles and unsafe links', () => {
    const clean = sanitiseHtml(
      '<section class="a" lang="zh" style="color:red" onclick="x()"><h2>T</h2><p>ok <mark>m</mark></p>' +
        '<script>bad()</script><a href="javascript:bad()">j</a><a href="/relative">r</a><a href="https://ok.example/">o</a></section>',
    );
    expect(clean).toBe(
      '<section class="a" lang="zh"><h2>T</h2><p>ok <mark>m</mark></p><a>j</a><a>r</a>' +
        '<a href="https://ok.example/" rel="noopener noreferrer nofollow">o</a></section>',
    );
  });
});
