import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeSubjectText } from '../../../common/notification-mail';
import { isOneClickBody } from './notification-mail.routes';
import { createUnsubscribeTokens } from './unsubscribe-token';

const ID = '3f1c2a9e-8b7d-4c6e-9a5f-1234567890ab';
const key = async () => Buffer.alloc(32, 7).toString('base64url');

describe('unsubscribe tokens (decision 60)', () => {
  it('name member, kind and version, and verify only unchanged', async () => {
    const tokens = createUnsubscribeTokens(key);
    const token = await tokens.issue(ID, 'mention', 3);
    expect(readUnsubscribeToken(token)).toMatchObject({ userId: ID, subject: 'mention', version: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: ID, subject: 'mention', version: 3 });
    expect(await tokens.verify(token.replace('.mention.3.', '.mention.4.'))).toBeNull();
    expect(await tokens.verify(token.replace('.mention.', '.moderation.'))).toBeNull();
    expect(await tokens.verify(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).toBeNull();
    expect(await tokens.verify('nonsense')).toBeNull();
    expect(await tokens.verify(undefined)).toBeNull();
    // Another key (another server) does not accept it.
    expect(
      await createUnsubscribeTokens(async () => Buffer.alloc(32, 8).toString('base64url')).verify(token),
    ).toBeNull();
    expect(await tokens.link('https://x.test', ID, 'digest', 9)).toMatch(
      new RegExp(`^https://x\\.test/unsubscribe\\?t=${ID}\\.digest\\.9\\.[A-Za-z0-9_-]{43}$`),
    );
  });

  it('say what they turn off', () => {
    expect(unsubscribeSubjectText('mention')).toBe('e-mails about mentions of you');
    expect(unsubscribeSubjectText('digest')).toBe('the weekly digest');
    expect(readUnsubscribeToken(`${ID}.not-a-kind.1.${'a'.repeat(43)}`)).toBeNull();
  });
});

describe('the one-click body (RFC 8058)', () => {
  it('is exactly List-Unsubscribe=One-Click, urlencoded or multipart', () => {
    const form = 'application/x-www-form-urlencoded';
    expect(isOneClickBody(form, 'List-Unsubscribe=One-Click')).toBe(true);
    expect(isOneClickBody(`${form}; charset=utf-8`, 'List-Unsubscribe=One-Click\r\n')).toBe(true);
    expect(isOneClickBody(form, 'List-Unsubscribe=One-Click&more=1')).toBe(false);
    expect(isOneClickBody(form, 'list-unsubscribe=one-click')).toBe(false);
    expect(isOneClickBody(form, '')).toBe(false);
    expect(isOneClickBody('text/plain', 'List-Unsubscribe=One-Click')).toBe(false);
    expect(isOneClickBody(undefined, 'List-Unsubscribe=One-Click')).toBe(false);
    const b = 'XyZ';
    const part = (name: string, value: string) =>
      `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const multipart = `multipart/form-data; boundary=${b}`;
    expect(isOneClickBody(multipart, `${part('List-Unsubscribe', 'One-Click')}--${b}--\r\n`)).toBe(true);
    expect(isOneClickBody(multipart, `${part('List-Unsubscribe', 'Yes')}--${b}--\r\n`)).toBe(false);
    expect(
      isOneClickBody(multipart, `${part('List-Unsubscribe', 'One-Click')}${part('x', 'y')}--${b}--\r\n`),
    ).toBe(false);
    expect(isOneClickBody('multipart/form-data', `${part('List-Unsubscribe', 'One-Click')}--${b}--`)).toBe(
      false,
    );
  });
});
