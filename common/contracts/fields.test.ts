import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import * as admin from './admin';
import * as auth from './auth';
import * as chat from './chat';
import * as lessons from './lessons';
import * as media from './media';
import * as members from './members';
import * as recordings from './recordings';
import { controlCharacterError, loneSurrogateError, nameText, nulCharacterError, text } from './fields';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('text(field)', () => {
  const name = text('name').trim().min(1, { error: 'name is required' }).max(5);

  it('takes ordinary text, emoji (surrogate pairs) included', () => {
    expect(name.parse(' Zoé ')).toBe('Zoé');
    expect(name.parse('🏀🏀')).toBe('🏀🏀');
  });

  it('refuses a NUL character, naming the field, and nothing else is reported', () => {
    for (const v of ['\u0000', 'a\u0000b', '   \u0000', 'x'.repeat(50) + '\u0000']) {
      expect(messages(name.safeParse(v))).toEqual([nulCharacterError('name')]);
    }
    expect(nulCharacterError('name')).toBe('name must not contain a NUL character');
  });

  it('refuses a lone surrogate, high or low, anywhere', () => {
    for (const v of ['\ud800', 'a\udc00b', '🏀'.slice(0, 1), '🏀'.slice(1), 'ab\udbff']) {
      expect(messages(name.safeParse(v))).toEqual([loneSurrogateError('name')]);
    }
  });

  it('tells a missing field from a wrongly typed one', () => {
    expect(messages(text('bio').safeParse(undefined))).toEqual(['bio is required']);
    expect(messages(text('bio').safeParse(5))).toEqual(['bio must be a string']);
    expect(messages(text('bio', 'a string or null').safeParse(['a']))).toEqual([
      'bio must be a string or null',
    ]);
  });
});

describe('nameText(field)', () => {
  const name = nameText('name').trim().max(100);

  it('takes names in any script, with emoji, marks and inner spaces', () => {
    for (const v of ['Zoé Quinn', 'محمد\u200f', 'שרה', '李小龙', 'Ana 🏀', "O'Neil-Smith"]) {
      expect(name.parse(v)).toBe(v);
    }
  });

  it('refuses line breaks, control characters, line separators and bidi overrides, naming the field', () => {
    const bad = [
      'Eve\r\nYour account is suspended',
      'Eve\n',
      '\rEve',
      'Eve\tAdams',
      'Eve\u0007',
      'Eve\u007f',
      'Eve\u0085Next line',
      'Eve\u009b',
      'Eve\u2028Line',
      'Eve\u2029Paragraph',
      'Eve\u202egnp.exe',
      'Eve\u2066isolated\u2069',
    ];
    for (const v of bad) {
      expect(messages(name.safeParse(v)), JSON.stringify(v)).toEqual([controlCharacterError('name')]);
    }
    expect(controlCharacterError('name')).toBe(
      'name must not contain line breaks or other control characters',
    );
    // NUL keeps its own message.
    expect(messages(name.safeParse('a\u0000b'))).toEqual([nulCharacterError('name')]);
  });
});

/** Whether a field's schema takes a string (after optional, nullable, pipes and transforms). */
function isText(schema: ZodType): boolean {
  let s = schema as unknown as { def: { type: string; innerType?: unknown; in?: unknown } };
  for (;;) {
    if (s.def.type === 'string') return true;
    if (s.def.innerType) s = s.def.innerType as typeof s;
    else if (s.def.type === 'pipe') s = s.def.in as typeof s;
    else return false;
  }
}

describe('every request contract', () => {
  // Request schemas are named …Body, …Query and …Params.
  type ObjectSchema = ZodType & { shape: Record<string, ZodType> };
  const requestSchemas = Object.entries({
    ...admin,
    ...auth,
    ...chat,
    ...lessons,
    ...media,
    ...members,
    ...recordings,
  } as Record<string, unknown>).filter(
    (e): e is [string, ObjectSchema] =>
      /(Body|Query|Params)$/.test(e[0]) && typeof e[1] === 'object' && e[1] !== null && 'shape' in e[1],
  );

  it('are all found', () => {
    expect(requestSchemas.map(([name]) => name).sort()).toEqual(
      expect.arrayContaining([
        'loginBody',
        'registerBody',
        'profileUpdateBody',
        'changePasswordBody',
        'postChatMessageBody',
        'chatMessagesQuery',
        'memberSearchQuery',
        'memberUsernameParams',
        'memberIdParams',
        'recordingIdParams',
        'mediaIdParams',
        'lessonSlotParams',
        'discussionParams',
        'uploadTokenParams',
        'registerLessonVideoBody',
        'postDiscussionBody',
      ]),
    );
  });

  it('refuse a NUL and a lone surrogate in every text field with the field named', () => {
    let fields = 0;
    for (const [schemaName, schema] of requestSchemas) {
      for (const [field, fieldSchema] of Object.entries(schema.shape)) {
        if (!isText(fieldSchema)) continue;
        fields += 1;
        const issueOf = (value: string) =>
          schema.safeParse({ [field]: value }).error?.issues.find((i) => i.path[0] === field)?.message;
        expect(issueOf('a\u0000b'), `${schemaName}.${field}`).toBe(nulCharacterError(field));
        expect(issueOf('a\ud800'), `${schemaName}.${field}`).toBe(loneSurrogateError(field));
      }
    }
    expect(fields).toBeGreaterThan(25);
  });
});
