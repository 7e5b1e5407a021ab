/**
 * Renders a page's head model. React 19 hoists <title>, <meta> and <link> into
 * document.head wherever they are rendered and removes them when the page unmounts, so
 * each route simply renders its own head. JSON-LD stays in the body (it is data, not a
 * script that runs, so the Content-Security-Policy does not apply; search engines read
 * it anywhere in the document).
 */
import { serializeStructuredData, type HeadTags } from '../../domain/head-tags';

export function HeadTagsView({ tags }: { tags: HeadTags }) {
  // On the server the page answer's head already holds these tags (server/pages/html-shell.ts), and React
  // would put its copies in the body; hoisted tags are not hydrated in place, so leaving them out there is safe.
  const hoisted = typeof document !== 'undefined';
  return (
    <>
      {hoisted ? <title>{tags.title}</title> : null}
      {hoisted &&
        tags.metas.map((meta, index) =>
          meta.property !== undefined ? (
            <meta key={`p-${meta.property}-${index}`} property={meta.property} content={meta.content} />
          ) : (
            <meta key={`n-${meta.name}-${index}`} name={meta.name} content={meta.content} />
          ),
        )}
      {hoisted &&
        tags.links.map((link) => (
          <link key={`${link.rel}-${link.hrefLang ?? ''}`} rel={link.rel} href={link.href} hrefLang={link.hrefLang} />
        ))}
      {tags.structuredData.map((data, index) => (
        <script
          key={`ld-${index}`}
          type="application/ld+json"
          // Serialised with <, > and & escaped, so the text cannot end the element.
          dangerouslySetInnerHTML={{ __html: serializeStructuredData(data) }}
        />
      ))}
    </>
  );
}
