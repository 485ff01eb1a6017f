import { describe, expect, it } from 'vitest';
import { type HostLookup, nonPublicAddressReason, nonPublicUrlReason } from './public-address.ts';

const resolvingTo =
  (...addresses: string[]): HostLookup =>
  async () =>
    addresses;
const failingWith =
  (code: string): HostLookup =>
  async () => {
    throw Object.assign(new Error(code), { code });
  };

describe('which addresses servers on the internet can reach', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.20', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:192.168.0.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['100.64.0.1', 'sharedAddress'],
    ['100.127.255.1', 'sharedAddress'],
    ['0.0.0.0', 'reserved'],
    ['::', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
  ])('%s is not public (%s)', (address, reason) => {
    expect(nonPublicAddressReason(address)).toBe(reason);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2a00:1450:4003:80e::200e', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(nonPublicAddressReason(address)).toBeUndefined();
  });
});

describe('whether Meta could fetch a URL', () => {
  it('refuses local names without asking the resolver', async () => {
    const never: HostLookup = async () => {
      throw new Error('resolver asked');
    };
    for (const url of [
      'http://localhost:3000/media/a.jpg',
      'http://app.localhost/x',
      'https://studio.local/x',
      'http://alzado:3000/x',
      'http://LOCALHOST./x',
    ]) {
      expect(await nonPublicUrlReason(url, never)).toBe('localName');
    }
  });

  it('reads address literals, in every spelling the URL parser accepts', async () => {
    expect(await nonPublicUrlReason('http://127.0.0.1:3000/media/a.jpg')).toBe('loopback');
    expect(await nonPublicUrlReason('http://2130706433/a.jpg')).toBe('loopback');
    expect(await nonPublicUrlReason('http://[::1]:3000/a.jpg')).toBe('loopback');
    expect(await nonPublicUrlReason('http://[::ffff:10.0.0.1]/a.jpg')).toBe('private');
    expect(await nonPublicUrlReason('https://8.8.8.8/a.jpg')).toBeUndefined();
  });

  it('resolves a name first: one private address among its addresses is enough to refuse it', async () => {
    expect(await nonPublicUrlReason('https://media.studio.example/a.jpg', resolvingTo('10.0.0.7'))).toBe('private');
    expect(await nonPublicUrlReason('https://media.studio.example/a.jpg', resolvingTo('93.184.215.14', 'fd00::5'))).toBe('private');
    expect(
      await nonPublicUrlReason('https://media.studio.example/a.jpg', resolvingTo('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c')),
    ).toBeUndefined();
  });

  it('refuses a name that does not exist, but not a resolver that cannot answer just now', async () => {
    expect(await nonPublicUrlReason('https://nowhere.example/a.jpg', failingWith('ENOTFOUND'))).toBe('notResolved');
    expect(await nonPublicUrlReason('https://studio.example/a.jpg', failingWith('EAI_AGAIN'))).toBeUndefined();
  });

  it('refuses what is not an http(s) URL', async () => {
    expect(await nonPublicUrlReason('ftp://files.example/a.jpg')).toBe('invalid');
    expect(await nonPublicUrlReason('not a url')).toBe('invalid');
  });
});
