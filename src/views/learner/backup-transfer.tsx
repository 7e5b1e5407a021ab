import { useRef, type ChangeEvent } from 'react';
import type { TextLanguage } from '../../../common/languages';
import { learnerTextsFor } from '../../domain/learner-texts';
import { ProgressActorContext } from './progress-context';

/**
 * Download one backup file of everything, or restore one: a file with any problem is listed and applies nothing.
 * Shown from the server's first paint; its controls wait (disabled) until the store has answered.
 */
export function BackupTransfer({ language, ready = true }: { language: TextLanguage; ready?: boolean }) {
  const texts = learnerTextsFor(language).backup;
  const actor = ProgressActorContext.useActorRef();
  const imported = ProgressActorContext.useSelector((snapshot) => snapshot.context.imported);
  const restoring = ProgressActorContext.useSelector((snapshot) => snapshot.matches('restoring'));
  const fileRef = useRef<HTMLInputElement>(null);

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (file === undefined) return;
    const text = await file.text();
    // The same file chosen again must fire change again.
    input.value = '';
    actor.send({ type: 'IMPORT_BACKUP', text });
  };

  return (
    <section className="backup" aria-labelledby="backup-title">
      <h2 id="backup-title">{texts.title}</h2>
      <p>{texts.intro}</p>
      <p className="backup-actions">
        <button type="button" className="button" disabled={!ready} onClick={() => actor.send({ type: 'EXPORT_BACKUP' })}>
          {texts.download}
        </button>
        <button type="button" className="button" disabled={!ready} onClick={() => fileRef.current?.click()}>
          {texts.restore}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".json,application/json"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          disabled={!ready}
          onChange={chosen}
        />
      </p>
      <div role="status" className="backup-result">
        {restoring ? <p>{texts.restoring}</p> : null}
        {imported?.kind === 'restored' ? <p>{texts.restored}</p> : null}
        {imported?.kind === 'refused' ? (
          <>
            <p>{texts.refused}</p>
            <ul data-testid="backup-problems">
              {imported.problems.map((problem, index) => (
                <li key={index}>{texts.problem(problem)}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </section>
  );
}
