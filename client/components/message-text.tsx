import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { MentionedMember } from '@common/contracts/chat';
import { mentionSpans } from '@common/mentions';
import { linkify } from '../lib/linkify';
import { memberPath } from '../lib/paths';

/** A plain part of the text with each handle the server resolved made a link to its member's page. */
function withMentions(text: string, members: ReadonlyMap<string, MentionedMember>, key: number): ReactNode {
  if (members.size === 0) return text;
  const out: ReactNode[] = [];
  let cursor = 0;
  for (const span of mentionSpans(text)) {
    const member = members.get(span.handle);
    if (!member) continue;
    if (span.start > cursor) out.push(text.slice(cursor, span.start));
    out.push(
      <Link
        key={`${key}-${span.start}`}
        href={memberPath(member.username)}
        title={member.name}
        data-mention=""
        className="rounded-sm bg-brand/10 px-0.5 font-semibold text-brand hover:underline"
      >
        {text.slice(span.start, span.end)}
      </Link>,
    );
    cursor = span.end;
  }
  if (cursor < text.length) out.push(text.slice(cursor));
  return <Fragment key={key}>{out}</Fragment>;
}

/**
 * Message text as text (never markup), newlines kept, http(s) links clickable in a new tab, and each
 * `@handle` of `mentions` (the members the server found, decision 57) a link to their page; any other
 * `@word` stays text. Long words and URLs break anywhere, so they never widen the list (`anywhere`,
 * unlike `break-word`, also lets the box that holds them shrink).
 */
export function MessageText({ text, mentions }: { text: string; mentions?: readonly MentionedMember[] }) {
  const members = new Map((mentions ?? []).map((m) => [m.username, m]));
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
          withMentions(part.text, members, i)
        ),
      )}
    </p>
  );
}
