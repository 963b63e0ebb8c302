import { describe, expect, it } from 'vitest';
import { checkPushEndpoint } from './push-endpoint-policy';

const production = { loopbackEndpoints: false };
const demo = { loopbackEndpoints: true };
const token = 'dGVzdC1zdWJzY3JpcHRpb24tdG9rZW4';

describe('the push endpoint policy in production', () => {
  const allowed = [
    `https://fcm.googleapis.com/fcm/send/${token}:APA91bE`,
    `https://fcm.googleapis.com/wp/${token}`,
    `https://updates.push.services.mozilla.com/wpush/v2/${token}`,
    `https://wns2-bn3p.notify.windows.com/w/?token=BQYAAAB%2bX`,
    `https://web.push.apple.com/${token}`,
    `https://api.push.apple.com/3/device/${token}`,
  ];
  it.each(allowed)('sends to a browser push service: %s', (endpoint) => {
    expect(checkPushEndpoint(endpoint, production)).toMatchObject({ allowed: true });
  });

  const refused: [string, string][] = [
    ['plain http to a push service', `http://fcm.googleapis.com/fcm/send/${token}`],
    ['another port', `https://fcm.googleapis.com:8443/fcm/send/${token}`],
    ['a foreign host', `https://example.com/push/${token}`],
    ['a host that only starts like a push service', `https://fcm.googleapis.com.evil.example/${token}`],
    ['a host that only ends like one', `https://evilpush.services.mozilla.com/${token}`],
    ['a sub-domain of an exact host', `https://x.fcm.googleapis.com/${token}`],
    ['a trailing dot', `https://fcm.googleapis.com./fcm/send/${token}`],
    ['credentials', `https://user:secret@fcm.googleapis.com/fcm/send/${token}`],
    ['a user name', `https://user@fcm.googleapis.com/fcm/send/${token}`],
    ['a fragment', `https://fcm.googleapis.com/fcm/send/${token}#x`],
    ['a backslash trick', `https://fcm.googleapis.com\\@10.0.0.1/${token}`],
    ['a URL not in standard form', `HTTPS://FCM.googleapis.com/fcm/send/${token}`],
    ['a newline inside', `https://fcm.googleapis.com/fcm/send/\n${token}`],
    ['a space around it', ` https://fcm.googleapis.com/fcm/send/${token}`],
    ['over 1000 characters', `https://fcm.googleapis.com/fcm/send/${'a'.repeat(1000)}`],
    ['not a URL', 'fcm.googleapis.com/fcm/send'],
    ['another scheme', `ftp://fcm.googleapis.com/${token}`],
    ['a data URL', 'data:text/plain,hello'],
    ['a file URL', 'file:///etc/passwd'],
    ['loopback 127.0.0.1', `http://127.0.0.1:4000/push/${token}`],
    ['loopback ::1', `http://[::1]:4000/push/${token}`],
    ['localhost', `http://localhost:4000/push/${token}`],
    ['loopback over https', `https://127.0.0.1/push/${token}`],
  ];
  it.each(refused)('refuses %s', (_, endpoint) => {
    expect(checkPushEndpoint(endpoint, production)).toMatchObject({ allowed: false });
  });
});

describe('the push endpoint policy with a demo- project', () => {
  it.each([
    `http://127.0.0.1:4000/push/${token}`,
    `http://[::1]:4000/push/${token}`,
    `http://localhost:4000/push/${token}`,
    `https://127.0.0.1/push/${token}`,
    `https://fcm.googleapis.com/fcm/send/${token}`,
  ])('sends to loopback and to the push services: %s', (endpoint) => {
    expect(checkPushEndpoint(endpoint, demo)).toMatchObject({ allowed: true });
  });

  const specialAddresses: [string, string][] = [
    ['10/8', 'http://10.0.0.1/push'],
    ['172.16/12', 'http://172.16.5.4/push'],
    ['172.31/12', 'https://172.31.255.255/push'],
    ['192.168/16', 'http://192.168.1.1:8080/push'],
    ['169.254/16 (cloud metadata)', 'http://169.254.169.254/latest/meta-data/'],
    ['100.64/10', 'http://100.64.0.1/push'],
    ['0/8', 'http://0.0.0.0:8080/push'],
    ['0 written as a number', 'http://0/push'],
    ['another loopback address', 'http://127.0.0.2/push'],
    ['a private address written in hex', 'http://0xa000001/push'],
    ['a private address written as one number', 'http://167772161/push'],
    ['a public IPv4 literal', 'https://8.8.8.8/push'],
    ['fc00::/7', 'http://[fd00::1]/push'],
    ['fe80::/10', 'http://[fe80::1]/push'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/push'],
    ['IPv4-mapped IPv6 private', 'http://[::ffff:10.0.0.1]/push'],
    ['the unspecified IPv6 address', 'http://[::]/push'],
    ['a public IPv6 literal', 'https://[2001:4860:4860::8888]/push'],
    ['a name under localhost', 'http://evil.localhost/push'],
    ['localhost with a trailing dot', 'http://localhost./push'],
    ['a private host name over http', 'http://db.internal:5432/'],
    ['loopback with credentials', 'http://user:pw@127.0.0.1:4000/push'],
  ];
  it.each(specialAddresses)('refuses %s', (_, endpoint) => {
    expect(checkPushEndpoint(endpoint, demo)).toMatchObject({ allowed: false });
  });
});
