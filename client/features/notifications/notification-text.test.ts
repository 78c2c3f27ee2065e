import { describe, expect, it } from 'vitest';
import { plainSentenceOf, sentenceOf } from './notification-text';

const ann = { name: 'Ann Lee', username: 'ann', profilePicture: null };

describe('notification sentences', () => {
  it('says who did what, and where', () => {
    expect(plainSentenceOf({ kind: 'mention', actor: ann, target: { type: 'chat', messageId: 1 } })).toBe(
      'Ann Lee mentioned you in the chat',
    );
    expect(
      sentenceOf({
        kind: 'discussion-reply',
        actor: ann,
        target: {
          type: 'discussion',
          thinkTank: 'intellectual',
          topic: 'understanding-enemy',
          lesson: 'interception-deception',
          messageId: 3,
          videoSeconds: null,
        },
      }),
    ).toEqual({ actor: 'Ann Lee', text: 'replied to your message in 214 · Interception Deception' });
    expect(
      plainSentenceOf({
        kind: 'lesson-video',
        actor: null,
        target: { type: 'lesson', thinkTank: 'spiritual', topic: 'main', lesson: 'main' },
      }),
    ).toBe('A new video in Spiritual');
    expect(plainSentenceOf({ kind: 'report-new', actor: null, target: { type: 'reports' } })).toBe(
      'Someone reported a message',
    );
    expect(
      sentenceOf({ kind: 'membership-approved', actor: null, target: { type: 'home' } }).actor,
    ).toBeNull();
  });
});
