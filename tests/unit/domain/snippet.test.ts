import { describe, expect, it } from 'vitest';
import { snippetParts } from '../../../src/domain/snippet';

describe('snippetParts', () => {
  it('splits at the marks and unescapes the text', () => {
    expect(snippetParts('Riders &amp; <mark>bikes</mark> on the <mark>bridge</mark>…')).toEqual([
      { text: 'Riders & ', marked: false },
      { text: 'bikes', marked: true },
      { text: ' on the ', marked: false },
      { text: 'bridge', marked: true },
      { text: '…', marked: false },
    ]);
  });

  it('keeps escaped markup as text, unescaped once only', () => {
    expect(snippetParts('&lt;script&gt;x&lt;/script&gt; &amp;lt;b&amp;gt; &quot;q&quot; &#39;s')).toEqual([
      { text: '<script>x</script> &lt;b&gt; "q" \'s', marked: false },
    ]);
  });

  it('treats any other tag, even unescaped, as text', () => {
    expect(snippetParts('<b>bold</b> <mark class="x">no</mark> <mark>yes</mark>')).toEqual([
      { text: '<b>bold</b> <mark class="x">no</mark> ', marked: false },
      { text: 'yes', marked: true },
    ]);
  });
});
