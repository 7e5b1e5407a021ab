/**
 * Makes an article body safe to insert as HTML: the spec's decode and regex pass, then DOMPurify.
 * Only the detail route imports this, so DOMPurify lands in the detail page's chunk.
 */
import DOMPurify, { type Config, type WindowLike } from 'dompurify';
import { decodeBody, stripDangerousMarkup } from '../domain/body';

export interface HtmlSanitiser {
  sanitise(rawBody: string): { html: string; decodeError?: string };
}

const FORBIDDEN_TAGS = [
  'script',
  'iframe',
  'frame',
  'frameset',
  'embed',
  'object',
  'applet',
  'form',
  'style',
  'base',
  'meta',
  'link',
  'noscript',
  'template',
];

const FORBIDDEN_ATTRIBUTES = ['action', 'formaction', 'srcdoc', 'xlink:href', 'ping'];

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'cite', 'srcset', 'values']);

/** Browsers ignore whitespace and control characters inside a URL scheme ("jav&#x09;ascript:"). */
function normaliseScheme(value: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters a browser skips inside a URL scheme are what is removed
  return value.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g, '').toLowerCase();
}

function isUnsafeUrl(value: string): boolean {
  const scheme = normaliseScheme(value);
  if (scheme.startsWith('javascript:') || scheme.startsWith('vbscript:')) return true;
  return scheme.startsWith('data:') && !scheme.startsWith('data:image/');
}

const PURIFY_CONFIG: Config = {
  // News bodies need HTML only; leaving out SVG and MathML removes their many script-capable corners.
  USE_PROFILES: { html: true },
  FORBID_TAGS: FORBIDDEN_TAGS,
  FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  RETURN_TRUSTED_TYPE: false,
};

export function createDomPurifySanitiser(window?: Window): HtmlSanitiser {
  const root = window ?? (typeof globalThis.window === 'undefined' ? undefined : globalThis.window);
  // A fresh instance per sanitiser, so the hooks below are never added twice to a shared one.
  const purify = DOMPurify(root as unknown as WindowLike | undefined);
  if (!purify.isSupported) {
    throw new Error('HTML sanitiser needs a DOM: pass a window (e.g. from jsdom) when there is no global one');
  }

  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (URL_ATTRIBUTES.has(data.attrName) && isUnsafeUrl(data.attrValue)) data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      // Article links leave the site; the new page must not get a handle on ours.
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });

  return {
    sanitise(rawBody) {
      const decoded = decodeBody(rawBody);
      const html = purify.sanitize(stripDangerousMarkup(decoded.text), PURIFY_CONFIG) as string;
      return decoded.decodeError === undefined ? { html } : { html, decodeError: decoded.decodeError };
    },
  };
}
