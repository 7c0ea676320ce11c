/** How the consent view draws a URL itself (spec E-URL-3): hidden characters made visible. Pure; no DOM. */
import { isInvisibleChar } from '../../../../shared/visible-text';

/** A run of a URL as drawn: ordinary text, or one hidden character drawn as its code point. */
export type UrlSegment = { kind: 'text'; text: string } | { kind: 'hidden'; codePoint: string };

/**
 * Control (tab and line feed included), invisible formatting (bidi, zero-width) and line-separator characters,
 * and everything else the rest of the app reveals (variation selectors, Hangul fillers, U+034F…).
 */
const HIDDEN = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const hidden = (char: string): boolean => HIDDEN.test(char) || isInvisibleChar(char);

/**
 * Splits a URL so that characters a browser would hide or reorder (line breaks, tabs, text-direction marks,
 * zero-width characters) are drawn visibly as `U+XXXX` instead of silently changing how the URL reads.
 */
export function urlSegments(url: string): UrlSegment[] {
  const segments: UrlSegment[] = [];
  let text = '';
  for (const char of url) {
    if (!hidden(char)) {
      text += char;
      continue;
    }
    if (text) segments.push({ kind: 'text', text });
    text = '';
    const hex = (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    segments.push({ kind: 'hidden', codePoint: `U+${hex}` });
  }
  if (text) segments.push({ kind: 'text', text });
  return segments;
}
