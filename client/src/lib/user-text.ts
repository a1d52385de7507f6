import * as React from 'react';
import { withoutControlCharacters } from '../../../shared/validation/plain-text.ts';

/**
 * Text people typed, as the console shows it: without control characters and the direction
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that would make it, and
 * whatever follows it on the line, read in another order. Names stored before the server
 * dropped them on input come here too. Malayalam, with its joiners, is untouched.
 */
export function displayText(text: string): string {
  return withoutControlCharacters(text);
}

/** Every string in `node` and in the plain elements (span, a, p, ...) it holds, as {@link displayText} shows it. */
export function displayChildren(node: React.ReactNode): React.ReactNode {
  if (typeof node === 'string') return displayText(node);
  if (node === null || node === undefined || typeof node === 'boolean' || typeof node === 'number') return node;
  if (Array.isArray(node)) return React.Children.map(node, displayChildren);
  if (React.isValidElement<{ children?: React.ReactNode }>(node) && typeof node.type === 'string' && node.props.children !== undefined) {
    return React.cloneElement(node, undefined, displayChildren(node.props.children));
  }
  return node;
}

/**
 * Classes that keep a box's text to itself: its direction is worked out from its own text
 * (`dir="auto"` goes with it) and never reorders what is around it.
 */
export const ISOLATED_TEXT = '[unicode-bidi:isolate]';
