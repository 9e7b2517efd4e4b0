import { Fragment, type ReactNode } from 'react';

/** Marks a value's place in a translated sentence; a control character no catalogue text holds. */
const MARK = '\u0001';
const MARKED = new RegExp(`${MARK}(\\w+)${MARK}`);

/**
 * i18next values standing for React nodes: `t(key, {...values, ...nodeMarkers(['address'])})`,
 * then `withNodes` puts the nodes where the sentence placed them (word order is the language's).
 */
export function nodeMarkers(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, `${MARK}${name}${MARK}`]));
}

/** The translated sentence with each marked value replaced by its node. */
export function withNodes(text: string, nodes: Record<string, ReactNode>): ReactNode {
  const pieces = text.split(MARKED);
  // split with one group: text, name, text, name, … text.
  return pieces.map((piece, i) => (i % 2 === 1 ? <Fragment key={i}>{nodes[piece] ?? piece}</Fragment> : piece === '' ? null : <Fragment key={i}>{piece}</Fragment>));
}

/** A value that is data in a sentence (an address, a system's error text): as written, left to right. */
export function DataText({ value }: { value: string }) {
  return <bdi dir="ltr">{value}</bdi>;
}

/**
 * Help text whose `backtick` spans are names the reader types or sees as they are (a sheet, a
 * column, a placeholder, an endpoint, a protocol field): shown as code, left to right, inside the
 * sentence of the reader's language. The code carries its own text colour: a hint's gray-500 on
 * the code's slate-100 is under 4.5:1 (axe, the main settings screen's hints).
 */
export function CodeSpans({ text }: { text: string }) {
  const pieces = text.split('`');
  return (
    <>
      {pieces.map((piece, i) => (i % 2 === 1
        ? <code key={i} dir="ltr" className="rounded bg-slate-100 px-1 text-[0.9em] text-slate-800 dark:bg-slate-800 dark:text-slate-100">{piece}</code>
        : piece === '' ? null : <Fragment key={i}>{piece}</Fragment>))}
    </>
  );
}
