import { describe, expect, it } from 'vitest';
import { emlFileName } from './eml-transport';
import { DEFAULT_MAIL_TIMINGS, retryDelayMs } from './mailer';
import { checkOutgoingMail, formatAddress, InvalidMailError } from './message';
import { describeSmtpUrl } from './smtp-transport';

const good = { to: 'lea@example.com', subject: 'Hello', text: 'Open https://x.test/a', html: '<p>Hi</p>' };

describe('mail messages', () => {
  it('accepts one address and finds the links of the text', () => {
    expect(checkOutgoingMail({ ...good, to: ' lea@example.com ' })).toEqual({
      ...good,
      links: ['https://x.test/a'],
      headers: {},
    });
    expect(checkOutgoingMail({ ...good, links: ['https://y.test/'] }).links).toEqual(['https://y.test/']);
  });

  it.each([
    ['a line break in the recipient', { to: 'lea@example.com\r\nBcc: victim@example.com' }],
    ['a LF in the recipient', { to: 'lea@example.com\nx' }],
    ['a NUL in the recipient', { to: 'lea@example.com\u0000' }],
    ['two recipients', { to: 'lea@example.com, sam@example.com' }],
    ['a display name', { to: 'Lea <lea@example.com>' }],
    ['no address', { to: 'lea' }],
    ['a CRLF in the subject', { subject: 'Hi\r\nBcc: victim@example.com' }],
    ['a LF in the subject', { subject: 'Hi\nthere' }],
    ['a CR in the subject', { subject: 'Hi\rthere' }],
    ['a NUL in the subject', { subject: 'Hi\u0000' }],
    ['an empty subject', { subject: ' ' }],
    ['a NUL in the text', { text: 'a\u0000b' }],
    ['a line break in a link', { links: ['https://x.test/\r\nBcc: v@x.test'] }],
    [
      'a line break in a header value',
      { headers: { 'List-Unsubscribe': '<https://x.test/>\r\nBcc: v@x.test' } },
    ],
    ['a header name with a colon', { headers: { 'X-A: b\r\nBcc': 'v@x.test' } }],
    ['a Bcc given as an extra header', { headers: { Bcc: 'v@x.test' } }],
  ])('refuses %s', (_what, change) => {
    expect(() => checkOutgoingMail({ ...good, ...change })).toThrow(InvalidMailError);
  });

  it('refuses a sender with a line break in its name', () => {
    expect(() => formatAddress({ name: 'Tribe36\r\nBcc: v@x.test', address: 'a@b.co' })).toThrow(
      InvalidMailError,
    );
    expect(formatAddress({ name: '', address: 'a@b.co' })).toBe('a@b.co');
  });

  it('names .eml files by queue time then id, so they sort oldest first', () => {
    const at = new Date('2026-11-23T10:15:00.123Z');
    expect(emlFileName({ id: 42, createdAt: at })).toBe('20261123T101500123Z-0000000042.eml');
    const names = [
      emlFileName({ id: 100, createdAt: new Date('2026-11-23T10:15:01.000Z') }),
      emlFileName({ id: 9, createdAt: at }),
      emlFileName({ id: 10, createdAt: at }),
    ];
    expect([...names].sort()).toEqual([names[1], names[2], names[0]]);
  });

  it('waits 30 s, 1 min, 2 min… at most an hour between attempts', () => {
    expect([1, 2, 3, 4, 7, 8, 50, 1000].map((n) => retryDelayMs(n))).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    expect(DEFAULT_MAIL_TIMINGS.giveUpMs).toBe(3 * 24 * 3600 * 1000);
  });

  it('never shows the SMTP password', () => {
    expect(describeSmtpUrl('smtps://coach:hunter2@mail.example.com:465')).toBe(
      'smtps://coach@mail.example.com:465',
    );
  });
});
