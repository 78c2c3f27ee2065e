import { linkify } from '../lib/linkify';

/**
 * Message text as text (never markup), newlines kept, http(s) links clickable in a new tab. Long
 * words and URLs break anywhere, so they never widen the list (`anywhere`, unlike `break-word`, also
 * lets the box that holds them shrink).
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="min-w-0 whitespace-pre-wrap text-[0.9375rem] leading-relaxed [overflow-wrap:anywhere]">
      {linkify(text).map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand underline underline-offset-2 hover:decoration-2"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
