// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sentences, sentenceSpans } from '../../../common/sentences';
import { accentOf, defaultVoice, isEnglishTag, orderedVoices, type SpeechVoice } from '../../../src/domain/read-aloud';

describe('sentences', () => {
  it('splits the same way where the browser has no Intl.Segmenter (Firefox before 125)', () => {
    const intl = Intl as { Segmenter?: unknown };
    const original = intl.Segmenter;
    delete intl.Segmenter;
    try {
      expect(sentences('Mr. Smith met Dr. Jones at 9 a.m. on Monday. They talked.')).toEqual([
        'Mr. Smith met Dr. Jones at 9 a.m. on Monday.',
        'They talked.',
      ]);
      expect(sentences('“Stop!” she said. Was it over? Yes (for now.) The end')).toEqual([
        '“Stop!” she said.',
        'Was it over?',
        'Yes (for now.)',
        'The end',
      ]);
    } finally {
      intl.Segmenter = original;
    }
  });

  it('splits by end marks alone, when asked, as it does with the segmenter', () => {
    const texts = [
      'Mr. Smith met Dr. Jones at 9 a.m. on Monday. They talked.',
      '“Stop!” she said. Was it over? Yes (for now.) The end',
      'John F. Kennedy was president. He was born in 1917.',
      'See e.g. the report. The U.S. economy grew.',
      'The answer was no. He left.',
    ];
    for (const text of texts) expect(sentenceSpans(text, 'end-marks')).toEqual(sentenceSpans(text));
  });

  it('does not end a sentence at a title, an abbreviation or an initial', () => {
    expect(sentences('Mr. Smith met Dr. Jones at 9 a.m. on Monday. They talked.')).toEqual([
      'Mr. Smith met Dr. Jones at 9 a.m. on Monday.',
      'They talked.',
    ]);
    expect(sentences('John F. Kennedy was president. He was born in 1917.')).toEqual([
      'John F. Kennedy was president.',
      'He was born in 1917.',
    ]);
    expect(sentences('See e.g. the report. The U.S. economy grew.')).toEqual(['See e.g. the report.', 'The U.S. economy grew.']);
  });

  it('ends a sentence at an abbreviation that is also a word, unless a number or a lower-case word follows', () => {
    expect(sentences('The answer was no. He left.')).toEqual(['The answer was no.', 'He left.']);
    expect(sentences('Prices fell in Dec. Then they rose.')).toEqual(['Prices fell in Dec.', 'Then they rose.']);
    expect(sentences('The vote is on Dec. 12 at No. 10, officials said. Acme Co. reported a loss.')).toEqual([
      'The vote is on Dec. 12 at No. 10, officials said.',
      'Acme Co. reported a loss.',
    ]);
  });

  it('reads "U.S." as the end of a sentence only before a word that starts sentences', () => {
    expect(sentences('The U.S. Army left. Troops came home to the U.S. The war was over.')).toEqual([
      'The U.S. Army left.',
      'Troops came home to the U.S.',
      'The war was over.',
    ]);
  });

  it('keeps decimals and numbers whole', () => {
    expect(sentences('Prices rose 3.5% last year. Wages fell by 1.2 per cent.')).toEqual([
      'Prices rose 3.5% last year.',
      'Wages fell by 1.2 per cent.',
    ]);
  });

  it('keeps a quotation with what follows it in lower case, and closing quotes with their sentence', () => {
    expect(sentences('“Stop!” she said. “Why?” he asked.')).toEqual(['“Stop!” she said.', '“Why?” he asked.']);
    expect(sentences('He said, "It is over." Then he left.')).toEqual(['He said, "It is over."', 'Then he left.']);
  });

  it('ends sentences at question and exclamation marks, and gives offsets without the white space', () => {
    const text = '  Is it true?  Yes!\nIt is.  ';
    expect(sentences(text)).toEqual(['Is it true?', 'Yes!', 'It is.']);
    expect(sentenceSpans(text)[0]).toEqual({ start: 2, end: 13 });
    expect(sentences('   ')).toEqual([]);
    expect(sentences('No full stop at the end')).toEqual(['No full stop at the end']);
  });
});

describe('voices', () => {
  const voice = (id: string, lang: string): SpeechVoice => ({ id, name: id, lang, accent: accentOf(lang) });

  it('tells English tags and their accent, whichever separator the browser uses', () => {
    expect(['en', 'en-GB', 'en_US', 'EN-au'].map(isEnglishTag)).toEqual([true, true, true, true]);
    expect(['es-ES', 'zh-CN', 'eng', ''].map(isEnglishTag)).toEqual([false, false, false, false]);
    expect(['en-GB', 'en_gb', 'en-US', 'en-AU', 'en'].map(accentOf)).toEqual(['gb', 'gb', 'us', 'other', 'other']);
  });

  it('prefers a British voice, then an American one, and lists them in that order', () => {
    const voices = [voice('Karen', 'en-AU'), voice('Samantha', 'en-US'), voice('Daniel', 'en-GB')];
    expect(defaultVoice(voices)?.id).toBe('Daniel');
    expect(defaultVoice(voices.slice(0, 2))?.id).toBe('Samantha');
    expect(defaultVoice([])).toBeNull();
    expect(orderedVoices(voices).map(({ id }) => id)).toEqual(['Daniel', 'Samantha', 'Karen']);
  });
});
