import { useId, useRef, type ChangeEvent } from 'react';
import type { SavedWordsTexts } from '../../domain/saved-words-texts';
import { csvImportReasonOf } from '../../domain/word-export';
import { SavedWordsActorContext } from './saved-words-context';

/** Export CSV, export for Anki and import CSV; the import's outcome is announced. */
export function WordsTransfer({ texts, hasWords }: { texts: SavedWordsTexts; hasWords: boolean }) {
  const actor = SavedWordsActorContext.useActorRef();
  const imported = SavedWordsActorContext.useSelector((snapshot) => snapshot.context.imported);
  const fileRef = useRef<HTMLInputElement>(null);
  const titleId = useId();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (file === undefined) return;
    const text = await file.text();
    // The same file chosen again must fire change again.
    input.value = '';
    actor.send({ type: 'IMPORT', text });
  };

  return (
    <section className="words-transfer" aria-labelledby={titleId}>
      <h2 id={titleId}>{texts.transferTitle}</h2>
      <div className="words-transfer-actions">
        {hasWords ? (
          <>
            <button type="button" className="button" onClick={() => actor.send({ type: 'EXPORT_CSV' })}>
              {texts.exportCsv}
            </button>
            <button type="button" className="button" onClick={() => actor.send({ type: 'EXPORT_ANKI' })}>
              {texts.exportAnki}
            </button>
          </>
        ) : null}
        <button type="button" className="button" onClick={() => fileRef.current?.click()}>
          {texts.importCsv}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".csv,text/csv"
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => void onFile(event)}
        />
      </div>
      <div role="status" className="words-transfer-status">
        {imported?.kind === 'added' ? <p>{texts.imported(imported.count)}</p> : null}
        {imported?.kind === 'refused' ? (
          <p className="error-message">{texts.importRefused(imported.line, texts.importReasons[csvImportReasonOf(imported.detail)])}</p>
        ) : null}
      </div>
    </section>
  );
}
