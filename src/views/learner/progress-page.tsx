import type { ChangeEvent } from 'react';
import { DATE_LOCALES } from '../../../common/languages';
import { learnerTextsFor } from '../../domain/learner-texts';
import { formatCount } from '../../domain/number-format';
import { GOAL_CHOICES, progressOf } from '../../domain/progress';
import { useTextLanguage } from '../use-texts';
import { ProgressActorContext } from './progress-context';
import { WordsChart } from './words-chart';
import { BackupTransfer } from './backup-transfer';

const goalValue = (kind: string, count: number) => `${kind}:${count}`;

/** /{lang}/progress: what the learner knows and did, from this browser. */
export function ProgressPage() {
  const textLanguage = useTextLanguage();
  const texts = learnerTextsFor(textLanguage);
  const t = texts.progress;
  const actor = ProgressActorContext.useActorRef();
  const loading = ProgressActorContext.useSelector((snapshot) => snapshot.matches('loading'));
  const failed = ProgressActorContext.useSelector((snapshot) => snapshot.matches('failed'));
  const { contents, goal, problem } = ProgressActorContext.useSelector((snapshot) => snapshot.context);
  // Written out for the page languages (number-format.ts): a first Intl number format loads the locale's data in one long task.
  const locale = DATE_LOCALES[textLanguage];
  const progress = contents === null ? null : progressOf(contents, goal, new Date());

  const chooseGoal = (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = GOAL_CHOICES.find((each) => goalValue(each.kind, each.count) === event.target.value);
    if (chosen !== undefined) actor.send({ type: 'GOAL_SET', goal: chosen });
  };

  // The page's structure is there from the server's first paint (issue 33): the figures say "–" and
  // the chart is empty until this browser's store answers, in the same places, so nothing moves.
  const shown = failed ? null : progress;
  const pending = '–';
  const summary =
    shown === null
      ? null
      : t.chartSummary(
          shown.days.reduce((sum, day) => sum + day.words, 0),
          shown.days.at(-1)?.words ?? 0,
        );
  return (
    <div className="page progress">
      <header className="page-header">
        <h1>{t.title}</h1>
        <p className="page-subtitle">{t.intro}</p>
      </header>
      {failed ? (
        <div className="error-panel" role="alert">
          <p className="error-message">{texts.off[problem ?? 'failed']}</p>
          <button type="button" className="button button-primary" onClick={() => actor.send({ type: 'RETRY' })}>
            {t.tryAgain}
          </button>
        </div>
      ) : (
        <>
          <dl className="progress-figures">
            <div>
              <dt>{t.known}</dt>
              <dd data-testid="words-known">{shown === null ? pending : formatCount(shown.known, locale)}</dd>
            </div>
            <div>
              <dt>{t.estimated}</dt>
              <dd>{shown === null ? pending : formatCount(shown.estimatedSize, locale)}</dd>
            </div>
            <div>
              <dt>{t.finished}</dt>
              <dd data-testid="articles-finished">{shown === null ? pending : formatCount(shown.finished, locale)}</dd>
            </div>
            <div>
              <dt>{t.streak}</dt>
              <dd data-testid="streak">{shown === null ? pending : t.days(shown.streak)}</dd>
            </div>
          </dl>
          <p className="progress-goal">
            <label htmlFor="daily-goal">{t.goal}</label>
            <select id="daily-goal" value={goalValue(goal.kind, goal.count)} onChange={chooseGoal} disabled={shown === null}>
              {GOAL_CHOICES.map((choice) => (
                <option key={goalValue(choice.kind, choice.count)} value={goalValue(choice.kind, choice.count)}>
                  {t.goals(choice.kind, choice.count)}
                </option>
              ))}
            </select>
            <span role="status">{shown === null ? '' : shown.goalMetToday ? t.goalMet : t.goalOpen}</span>
          </p>
          <section aria-labelledby="words-chart-title">
            <h2 id="words-chart-title">{t.chartTitle}</h2>
            {shown === null || summary === null ? <p role="status">{loading ? t.loading : pending}</p> : <p>{summary}</p>}
            <WordsChart days={shown?.days ?? []} title={t.chartTitle} summary={summary ?? t.loading} />
            <details className="progress-table">
              <summary>{t.tableLabel}</summary>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t.dayColumn}</th>
                    <th scope="col">{t.wordsColumn}</th>
                    <th scope="col">{t.articlesColumn}</th>
                  </tr>
                </thead>
                <tbody>
                  {(shown?.days ?? []).map((day, index, days) => (
                    <tr key={day.day} data-testid={index === days.length - 1 ? 'today-row' : undefined}>
                      <th scope="row">{index === days.length - 1 ? `${t.today} (${day.day})` : day.day}</th>
                      <td>{formatCount(day.words, locale)}</td>
                      <td>{formatCount(day.articles, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </section>
          <BackupTransfer language={textLanguage} ready={shown !== null} />
        </>
      )}
    </div>
  );
}
