/**
 * Search snippets arrive as HTML: the server escapes the text and wraps each hit in <mark>.
 * The page never inserts that HTML. It reads the exact strings <mark> and </mark> as the only
 * markup, unescapes the five entities the server writes, and renders the parts as React text,
 * so anything else that looks like a tag, escaped or not, stays visible text.
 */
export interface SnippetPart {
  readonly text: string;
  readonly marked: boolean;
}

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function unescape(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);
}

export function snippetParts(html: string): SnippetPart[] {
  // split with a capture group alternates: text outside marks, text inside, outside, ...
  return html
    .split(/<mark>(.*?)<\/mark>/s)
    .map((part, index) => ({ text: unescape(part), marked: index % 2 === 1 }))
    .filter((part) => part.text !== '');
}
