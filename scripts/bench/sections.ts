/**
 * docs/benchmarks.md is written by several scripts (npm run bench, and the hardening, dictionary
 * and scale benchmarks beside it), each owning its own `## ` sections. A script that rewrites the
 * file keeps the sections it did not write, so one run never erases another's figures.
 */

interface Section {
  /** The `## ` line, or '' for what comes before the first one. */
  readonly heading: string;
  readonly text: string;
}

export function splitSections(markdown: string): Section[] {
  const parts = markdown.split(/^(?=## )/m);
  return parts.map((text) => ({ heading: /^## .*/.exec(text)?.[0].trim() ?? '', text }));
}

/** `fresh`, followed by every section of `previous` whose heading `fresh` does not have. */
export function keepOtherSections(fresh: string, previous: string): string {
  const written = new Set(splitSections(fresh).map((section) => section.heading));
  const kept = splitSections(previous).filter((section) => section.heading !== '' && !written.has(section.heading));
  if (kept.length === 0) return fresh;
  return `${fresh.trimEnd()}\n\n${kept.map((section) => section.text.trimEnd()).join('\n\n')}\n`;
}

/**
 * `markdown` with the section that starts with `heading` replaced by `section` (which starts with the
 * same heading), or with `section` added at the end when there is none yet. The sections after it stay.
 */
export function replaceSection(markdown: string, heading: string, section: string): string {
  const at = markdown.indexOf(heading);
  const end = at === -1 ? -1 : markdown.indexOf('\n## ', at + heading.length);
  const updated =
    at === -1 ? `${markdown.trimEnd()}\n\n${section}` : `${markdown.slice(0, at)}${section}${end === -1 ? '' : markdown.slice(end)}`;
  return updated.endsWith('\n') ? updated : `${updated}\n`;
}
