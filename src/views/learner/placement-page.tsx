import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { EXAM_NAMES, FREQUENCY_BAND_SIZE, PLACEMENT_LEVELS, type PlacementLevel } from '../../../common/placement-levels';
import { DATE_LOCALES } from '../../../common/languages';
import { learnerTextsFor } from '../../domain/learner-texts';
import { formatCount } from '../../domain/number-format';
import { placementChoicesFor } from '../../domain/placement-choices';
import { homePath, listPath } from '../../domain/routing';
import { usePageLanguage, useTextLanguage } from '../use-texts';
import { PlacementActorContext } from './placement-context';

type Shown = 'choosing' | 'working' | 'done' | 'failed';

/** /{lang}/level: choose an exam or a band of the most common words; they become known in this browser. */
export function PlacementPage() {
  const language = usePageLanguage();
  const textLanguage = useTextLanguage();
  const texts = learnerTextsFor(textLanguage);
  const actor = PlacementActorContext.useActorRef();
  const shown = PlacementActorContext.useSelector((snapshot): Shown => {
    if (snapshot.matches('choosing')) return 'choosing';
    if (snapshot.matches('done')) return 'done';
    if (snapshot.matches('failed')) return 'failed';
    return 'working';
  });
  const context = PlacementActorContext.useSelector((snapshot) => snapshot.context);
  // Written out for the page languages (number-format.ts): a first Intl number format loads the locale's data in one long task.
  const locale = DATE_LOCALES[textLanguage];
  const choices = placementChoicesFor(textLanguage);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).get('level');
    const level = PLACEMENT_LEVELS.find((each) => each === chosen);
    if (level !== undefined) actor.send({ type: 'LEVEL_CHOSEN', level });
  };

  const option = (level: PlacementLevel, label: string) => (
    <label key={level} className="level-option">
      <input type="radio" name="level" value={level} required defaultChecked={level === (context.level ?? choices.preset)} /> {label}
    </label>
  );

  const exams = (
    <>
      <p className="level-group">{texts.level.exams}</p>
      {choices.exams.map((level) => option(level, EXAM_NAMES[level]))}
    </>
  );
  const bands = (
    <>
      <p className="level-group">{texts.level.bands}</p>
      {choices.bands.map((level) => option(level, texts.level.band(formatCount(FREQUENCY_BAND_SIZE[level], locale))))}
    </>
  );

  return (
    <div className="page level">
      <header className="page-header">
        <h1>{texts.level.title}</h1>
        <p className="page-subtitle">{texts.level.intro}</p>
      </header>

      {shown === 'choosing' ? (
        <form className="level-form" onSubmit={submit}>
          <fieldset>
            <legend>{texts.level.legend}</legend>
            {choices.bandsFirst ? bands : exams}
            {choices.bandsFirst ? exams : bands}
          </fieldset>
          <p className="level-actions">
            <button type="submit" className="button button-primary">
              {texts.level.submit}
            </button>
            <Link href={homePath(language)}>{texts.level.skip}</Link>
          </p>
        </form>
      ) : null}

      {shown === 'working' ? (
        <p className="level-status" role="status">
          {texts.level.working}
        </p>
      ) : null}

      {shown === 'done' ? (
        <div className="level-done">
          <p role="status">{texts.level.done(context.marked)}</p>
          <p className="level-actions">
            <Link href={listPath(language)} className="button button-primary">
              {texts.level.toArticles}
            </Link>
            <button type="button" className="button" onClick={() => actor.send({ type: 'CHOOSE_AGAIN' })}>
              {texts.level.again}
            </button>
          </p>
        </div>
      ) : null}

      {shown === 'failed' ? (
        <div className="error-panel" role="alert">
          <p className="error-message">
            {context.problem === 'network' || context.problem === null ? texts.level.network : texts.off[context.problem]}
          </p>
          <button type="button" className="button button-primary" onClick={() => actor.send({ type: 'RETRY' })}>
            {texts.level.tryAgain}
          </button>
        </div>
      ) : null}
    </div>
  );
}
