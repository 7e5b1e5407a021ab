import { snippetParts } from '../../domain/snippet';

/** A search snippet as React text with <mark> around the matched words; never inserted as HTML. */
export function SnippetText({ html }: { html: string }) {
  return (
    <p className="card-snippet">
      {snippetParts(html).map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : part.text))}
    </p>
  );
}
