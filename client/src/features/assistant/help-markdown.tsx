import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The help pages' markdown, drawn as React elements (never as HTML, so a page or an FAQ answer can
 * carry no markup of its own): paragraphs, `- ` lists, **bold**, `code` and [links](…). Internal
 * links (starting with /) stay in the panel; others open in a new tab, http(s) only.
 */
export function HelpMarkdown({ text, className }: { text: string; className?: string }) {
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n{2,}/).map((b) => b.trim()).filter(Boolean);
  return (
    <div className={className} dir="auto">
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        if (lines.every((l) => /^\s*-\s+/.test(l))) {
          return <ul key={i} className="mb-3 list-disc space-y-1 ps-6">{lines.map((l, j) => <li key={j}>{inline(l.replace(/^\s*-\s+/, ''))}</li>)}</ul>;
        }
        return <p key={i} className="mb-3 leading-7">{inline(lines.join(' '))}</p>;
      })}
    </div>
  );
}

const TOKEN = /(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/g;

function inline(text: string): ReactNode[] {
  return text.split(TOKEN).filter((part) => part !== '').map((part, i) => {
    if (part.startsWith('**') && part.endsWith('**')) return <strong key={i}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`')) return <code key={i} dir="ltr" className="rounded bg-slate-100 px-1 text-sm dark:bg-slate-700">{part.slice(1, -1)}</code>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const [, label, href] = link;
      if (href.startsWith('/')) return <Link key={i} to={href} className="text-sky-700 underline dark:text-sky-300">{label}</Link>;
      if (/^https?:\/\//i.test(href)) return <a key={i} href={href} target="_blank" rel="noopener noreferrer" className="text-sky-700 underline dark:text-sky-300">{label}</a>;
      return <Fragment key={i}>{label}</Fragment>;
    }
    return <Fragment key={i}>{part}</Fragment>;
  });
}
