import { Fragment, type ReactNode } from 'react';

/**
 * Messages with an element inside them (a link, a code name): the message takes `slot(n)` as that parameter, and
 * `withSlots` puts the n-th element there, wherever the language places it in the sentence.
 */
const MARK = '\u{E000}';

export const slot = (index: number): string => `${MARK}${index}${MARK}`;

export function withSlots(text: string, nodes: readonly ReactNode[]): ReactNode[] {
  return text
    .split(MARK)
    .map((part, index) => (index % 2 === 1 ? <Fragment key={index}>{nodes[Number(part)]}</Fragment> : part));
}
