import { describe, expect, it } from 'vitest';
import { messageTargetFromSearch, notificationUrl } from './notification-links';

describe('notification links', () => {
  it('gives every target one address, as a path or a full link', () => {
    expect(notificationUrl({ type: 'chat', messageId: 123 })).toBe('/?message=123');
    expect(notificationUrl({ type: 'chat', messageId: 123 }, 'https://t.example/')).toBe(
      'https://t.example/?message=123',
    );
    expect(
      notificationUrl({
        type: 'discussion',
        thinkTank: 'intellectual',
        topic: 'understanding-enemy',
        lesson: 'interception-deception',
        messageId: 45,
        videoSeconds: 12.54,
      }),
    ).toBe('/think-tanks/intellectual/understanding-enemy/interception-deception?message=45&t=12.5');
    expect(
      notificationUrl({
        type: 'discussion',
        thinkTank: 'physiological',
        topic: 'main',
        lesson: 'main',
        messageId: 7,
        videoSeconds: null,
      }),
    ).toBe('/think-tanks/physiological?message=7');
    expect(notificationUrl({ type: 'attempt', attemptId: 'a', where: { kind: 'chat', messageId: 9 } })).toBe(
      '/?message=9',
    );
    expect(
      notificationUrl({
        type: 'attempt',
        attemptId: 'a',
        where: { kind: 'lesson', thinkTank: 'emotional', topic: 'x', lesson: 'y', messageId: 3 },
      }),
    ).toBe('/think-tanks/emotional/x/y?message=3');
    expect(notificationUrl({ type: 'lesson', thinkTank: 'emotional', topic: 'x', lesson: 'y' })).toBe(
      '/think-tanks/emotional/x/y',
    );
    expect(notificationUrl({ type: 'reports' }, 'http://127.0.0.1:5000')).toBe(
      'http://127.0.0.1:5000/admin/reports',
    );
    expect(notificationUrl({ type: 'home' })).toBe('/');
  });

  it('reads the message and video time back from the query string', () => {
    expect(messageTargetFromSearch('?message=45&t=12.5')).toEqual({ messageId: 45, videoSeconds: 12.5 });
    expect(messageTargetFromSearch('message=9')).toEqual({ messageId: 9, videoSeconds: null });
    expect(messageTargetFromSearch('message=0')).toBeNull();
    expect(messageTargetFromSearch('message=-3')).toBeNull();
    expect(messageTargetFromSearch('message=1e3')).toBeNull();
    expect(messageTargetFromSearch('message=99999999999999999')).toBeNull();
    expect(messageTargetFromSearch('?message=4&t=x')).toEqual({ messageId: 4, videoSeconds: null });
    expect(messageTargetFromSearch('')).toBeNull();
  });
});
