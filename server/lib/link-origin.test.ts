import { describe, expect, it } from 'vitest';
import {
  createLinkOrigin,
  httpOrigin,
  isLoopbackHost,
  linkOriginNotes,
  listeningOrigin,
  LinkOriginError,
} from './link-origin';

describe('httpOrigin', () => {
  it('gives the origin of an http: or https: URL', () => {
    expect(httpOrigin('https://tribe36.example.com/some/path?q#f')).toBe('https://tribe36.example.com');
    expect(httpOrigin('HTTP://127.0.0.1:5000/')).toBe('http://127.0.0.1:5000');
    expect(httpOrigin('http://[::1]:8080')).toBe('http://[::1]:8080');
  });

  it('refuses every other scheme, and what is no URL', () => {
    for (const bad of [
      'javascript:alert(1)//203.0.113.66',
      'javascript://203.0.113.66/%0aalert(1)',
      'data:text/html,hi',
      'ftp://example.com',
      'file:///etc/passwd',
      'mailto:a@example.com',
      '//example.com',
      '/reset-password',
      '',
    ]) {
      expect(() => httpOrigin(bad), bad).toThrow(LinkOriginError);
    }
  });
});

describe('listeningOrigin', () => {
  it('is HOST and the port, the wildcard addresses as this machine', () => {
    expect(listeningOrigin('127.0.0.1', 5000)).toBe('http://127.0.0.1:5000');
    expect(listeningOrigin('localhost', 5000)).toBe('http://localhost:5000');
    expect(listeningOrigin('0.0.0.0', 5000)).toBe('http://127.0.0.1:5000');
    expect(listeningOrigin('::', 5000)).toBe('http://localhost:5000');
    expect(listeningOrigin('::1', 5000)).toBe('http://[::1]:5000');
    expect(listeningOrigin('192.0.2.10', 80)).toBe('http://192.0.2.10');
    expect(listeningOrigin('fe80::1%eth0', 5000)).toBe('http://[fe80::1]:5000');
  });

  it('gives a name other than localhost as the address it resolved to, once known', () => {
    expect(listeningOrigin('box.lan', 5000)).toBe('http://box.lan:5000');
    expect(listeningOrigin('box.lan', 5000, '192.0.2.7')).toBe('http://192.0.2.7:5000');
    expect(listeningOrigin('box.lan', 5000, '2001:db8::7')).toBe('http://[2001:db8::7]:5000');
  });
});

describe('isLoopbackHost', () => {
  it('is true for localhost, 127.0.0.0/8 and ::1 only', () => {
    for (const h of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '0:0:0:0:0:0:0:1']) {
      expect(isLoopbackHost(h), h).toBe(true);
    }
    for (const h of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.2', 'fe80::1', 'box.lan', '128.0.0.1']) {
      expect(isLoopbackHost(h), h).toBe(false);
    }
  });
});

describe('createLinkOrigin', () => {
  it('is PUBLIC_URL whatever the server listens on', () => {
    const o = createLinkOrigin({ publicUrl: 'https://tribe36.example.com', host: '0.0.0.0', port: 0 });
    expect(o.current).toBe('https://tribe36.example.com');
    expect(o.listening(43210)).toBe('https://tribe36.example.com');
    expect(o.current).toBe('https://tribe36.example.com');
  });

  it('without PUBLIC_URL, is the configured address until the server listens, then its real port', () => {
    const o = createLinkOrigin({ publicUrl: undefined, host: '127.0.0.1', port: 0 });
    expect(o.current).toBe('http://127.0.0.1:0');
    expect(o.listening(43210, '127.0.0.1')).toBe('http://127.0.0.1:43210');
    expect(o.current).toBe('http://127.0.0.1:43210');
  });
});

describe('linkOriginNotes', () => {
  const origin = 'http://127.0.0.1:5000';

  it('says where links point, and warns only when members likely use another address', () => {
    expect(linkOriginNotes({ publicUrl: undefined, host: '127.0.0.1', trustProxy: false }, origin)).toEqual({
      info: 'Mailed links point at http://127.0.0.1:5000 (the listening address: PUBLIC_URL is unset)',
      warning: null,
    });
    const open = linkOriginNotes({ publicUrl: undefined, host: '0.0.0.0', trustProxy: false }, origin);
    expect(open.warning).toMatch(
      /^HOST is 0\.0\.0\.0, which other machines can reach, but PUBLIC_URL is unset/,
    );
    expect(open.warning).toContain('Set PUBLIC_URL to the address members use');
    const proxied = linkOriginNotes({ publicUrl: undefined, host: '127.0.0.1', trustProxy: 1 }, origin);
    expect(proxied.warning).toMatch(/^TRUST_PROXY is set/);
  });

  it('never warns with PUBLIC_URL', () => {
    const notes = linkOriginNotes(
      { publicUrl: 'https://tribe36.example.com', host: '0.0.0.0', trustProxy: true },
      'https://tribe36.example.com',
    );
    expect(notes).toEqual({
      info: 'Mailed links point at https://tribe36.example.com (PUBLIC_URL)',
      warning: null,
    });
  });
});
