import { describe, expect, it } from 'vitest';
import { endpointRefusal, parseEndpointPrefixes } from './push-endpoints';

describe('endpointRefusal (decision 61)', () => {
  const none: [] = [];
  it('allows https endpoints of the browsers’ push services on the default port', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://fcm.googleapis.com/wp/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://FCM.googleapis.com:443/fcm/send/x',
    ])
      expect(endpointRefusal(endpoint, none), endpoint).toBeNull();
  });

  it('refuses anything else, saying why', () => {
    const cases: [string, RegExp][] = [
      ['nope', /must be a URL/],
      ['http://fcm.googleapis.com/fcm/send/x', /https:\/\//],
      ['https://fcm.googleapis.com:8443/x', /not a known push service/],
      ['https://notify.windows.com/w/', /not a known push service/],
      ['https://evilnotify.windows.com/w/', /not a known push service/],
      ['https://fcm.googleapis.com.attacker.example/x', /not a known push service/],
      ['https://localhost/x', /not a known push service/],
      ['https://[::1]/x', /not a known push service/],
      ['https://a:b@fcm.googleapis.com/x', /user name or password/],
      ['https://fcm.googleapis.com/x#frag', /fragment/],
    ];
    for (const [endpoint, why] of cases) expect(endpointRefusal(endpoint, none), endpoint).toMatch(why);
  });

  it('allows PUSH_ALLOWED_ENDPOINTS prefixes: the origin, and the path when one is given', () => {
    const extra = parseEndpointPrefixes('http://127.0.0.1:9000, https://push.example.com/wpush/');
    expect(Array.isArray(extra)).toBe(true);
    const prefixes = extra as Exclude<typeof extra, string>;
    expect(endpointRefusal('http://127.0.0.1:9000/anything', prefixes)).toBeNull();
    expect(endpointRefusal('https://push.example.com/wpush/abc', prefixes)).toBeNull();
    expect(endpointRefusal('https://push.example.com/other', prefixes)).toMatch(/not a known push service/);
    expect(endpointRefusal('http://127.0.0.1:9001/x', prefixes)).toMatch(/https:\/\//);
  });

  it('refuses bad PUSH_ALLOWED_ENDPOINTS entries with a sentence', () => {
    expect(parseEndpointPrefixes('')).toEqual([]);
    expect(parseEndpointPrefixes('not a url')).toMatch(/is not a URL/);
    expect(parseEndpointPrefixes('ftp://x.example')).toMatch(/http:\/\/ or https:\/\//);
    expect(parseEndpointPrefixes('https://u:p@x.example')).toMatch(/no user, query or fragment/);
  });
});
