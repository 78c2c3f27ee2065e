import { describe, expect, it } from 'vitest';
import {
  accountDeletedMail,
  changeEmailMail,
  confirmEmailMail,
  greetingName,
  resetPasswordMail,
} from './account-mail';

const LINK = 'https://tribe36.example.com/confirm-email#token=abc';

describe('account mail greetings', () => {
  it('greets the address in mail to an address not proven yet', () => {
    for (const mail of [
      confirmEmailMail('new@example.com', LINK),
      changeEmailMail('new@example.com', LINK),
    ]) {
      expect(mail.text.startsWith('Hi new@example.com,\n')).toBe(true);
      expect(mail.html.startsWith('<p>Hi new@example.com,</p>')).toBe(true);
    }
  });

  it('names the member only once their address is confirmed', () => {
    const member = { name: 'Zelda Quinn', emailConfirmedAt: null as Date | null };
    expect(greetingName(member)).toBeNull();
    expect(resetPasswordMail('z@example.com', greetingName(member), LINK).text).toMatch(
      /^Hi z@example\.com,/,
    );
    member.emailConfirmedAt = new Date();
    expect(greetingName(member)).toBe('Zelda Quinn');
    expect(resetPasswordMail('z@example.com', greetingName(member), LINK).text).toMatch(/^Hi Zelda Quinn,/);
  });

  it('writes a stored name with line breaks or controls on one line, and escapes it in HTML', () => {
    const mail = accountDeletedMail('z@example.com', 'Zelda\r\nYour account is suspended\u2028\u202e<b>');
    expect(mail.text.split('\n')[0]).toBe('Hi Zelda Your account is suspended <b>,');
    expect(mail.html).toContain('<p>Hi Zelda Your account is suspended &lt;b&gt;,</p>');
    expect(accountDeletedMail('z@example.com', '\r\n\t').text).toMatch(/^Hi z@example\.com,/);
  });
});
