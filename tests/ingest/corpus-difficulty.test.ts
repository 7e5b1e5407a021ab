// @vitest-environment node
/**
 * The difficulty cut-offs (docs/content-pipeline.md) checked against the sample corpus:
 * every article's computed level must match the level its writer gave it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADVANCED_FROM, BEGINNER_BELOW, levelForGrade, measureReadability } from '../../server/content/readability';

const CORPUS = join(import.meta.dirname, '../../server/corpus/articles');
const files = readdirSync(CORPUS).filter((f) => f.endsWith('.json'));

describe('difficulty grading', () => {
  it('applies the documented cut-offs to the composite grade', () => {
    expect([BEGINNER_BELOW, ADVANCED_FROM]).toEqual([6.5, 10.5]);
    expect(levelForGrade(6.4)).toBe('beginner');
    expect(levelForGrade(6.5)).toBe('intermediate');
    expect(levelForGrade(10.4)).toBe('intermediate');
    expect(levelForGrade(10.5)).toBe('advanced');
  });

  it('has sample articles to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s: computed level matches its label', (file) => {
    const article = JSON.parse(readFileSync(join(CORPUS, file), 'utf8')) as { difficulty: string; paragraphs: string[] };
    const report = measureReadability(article.paragraphs.join('\n\n'));
    expect(
      { level: report.level, compositeGrade: report.compositeGrade },
      `composite grade ${report.compositeGrade} (FK ${report.fleschKincaidGrade}, DC grade ${report.daleChallGrade})`,
    ).toMatchObject({ level: article.difficulty });
  });

  it('spreads the corpus over all three levels', () => {
    const levels = new Set(
      files.map(
        (f) =>
          measureReadability((JSON.parse(readFileSync(join(CORPUS, f), 'utf8')) as { paragraphs: string[] }).paragraphs.join('\n\n')).level,
      ),
    );
    expect([...levels].sort()).toEqual(['advanced', 'beginner', 'intermediate']);
  });
});
