/**
 * /{lang}/level through the real routes: the levels a learner of each page language is offered, in
 * their order, and the one checked at first (issue 26: the exams a learner recognises; for Spanish
 * speakers, a band of the most frequent words).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';

async function offered(language: string): Promise<{ options: string[]; checked: string | undefined }> {
  renderApp(`/${language}/level`);
  await screen.findAllByRole('radio');
  const radios = screen.getAllByRole<HTMLInputElement>('radio');
  return { options: radios.map((radio) => radio.value), checked: radios.find((radio) => radio.checked)?.value };
}

describe('the placement page', () => {
  it('zh: the Chinese exams first, then the bands of the most frequent words; 高考 checked', async () => {
    const { options, checked } = await offered('zh');
    expect(options).toEqual(['zk', 'gk', 'cet4', 'cet6', 'ielts', 'toefl', 'top1000', 'top2000', 'top4000', 'top6000', 'top10000']);
    expect(checked).toBe('gk');
    expect(screen.getByText('高考')).toBeInTheDocument();
  });

  it('es: the bands first, then only the international exams (no 中考, 高考 or CET); a band checked', async () => {
    const { options, checked } = await offered('es');
    expect(options).toEqual(['top1000', 'top2000', 'top4000', 'top6000', 'top10000', 'ielts', 'toefl']);
    expect(checked).toBe('top2000');
    expect(screen.queryByText('高考')).toBeNull();
    expect(screen.queryByText('中考')).toBeNull();
    expect(screen.queryByText('CET-4')).toBeNull();
  });
});
