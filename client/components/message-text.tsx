import { linkify } from '../lib/linkify';

/** Message text as text (never markup), newlines kept, http(s) links clickable in a new tab. */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-[0.9375rem] leading-relaxed [overflow-wrap:anywhere]">
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
