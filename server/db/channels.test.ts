import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import { authChannel, chatChannel, listen, membersChannel, notify } from './channels';

describe('NOTIFY channels', () => {
  it('carry the payloads other processes of every version read: ids, s:<hash>, u:<id>, nothing', () => {
    expect(chatChannel.encode(42)).toBe('42');
    expect(authChannel.encode({ session: 'ab12' })).toBe('s:ab12');
    expect(authChannel.encode({ user: 'u-1' })).toBe('u:u-1');
    expect(membersChannel.encode(null)).toBe('');
    expect(new Set([chatChannel.name, authChannel.name, membersChannel.name]).size).toBe(3);
  });

  it('decode what they encode, and answer null for a payload they do not understand', () => {
    expect(chatChannel.decode(chatChannel.encode(7))).toBe(7);
    expect(chatChannel.decode('')).toBeNull();
    expect(chatChannel.decode('7a')).toBeNull();
    expect(authChannel.decode(authChannel.encode({ session: 'h' }))).toEqual({ session: 'h' });
    expect(authChannel.decode(authChannel.encode({ user: 'u' }))).toEqual({ user: 'u' });
    expect(authChannel.decode('x:1')).toBeNull();
  });

  it('notify and listen go through the database under the channel name', async () => {
    const sent: Array<[string, string]> = [];
    const listeners = new Map<string, (payload: string) => void>();
    const database = {
      async notify(channel: string, payload: string) {
        sent.push([channel, payload]);
        listeners.get(channel)?.(payload);
      },
      async listen(channel: string, fn: (payload: string) => void) {
        listeners.set(channel, fn);
        return async () => void listeners.delete(channel);
      },
    } as Pick<Database, 'notify' | 'listen'>;
    const heard: unknown[] = [];
    const unlisten = await listen(database, authChannel, (m) => heard.push(m));
    await notify(database, authChannel, { user: 'u1' });
    await database.notify('tribe36_auth', 'garbage');
    expect(sent[0]).toEqual(['tribe36_auth', 'u:u1']);
    expect(heard).toEqual([{ user: 'u1' }, null]);
    await unlisten();
    expect(listeners.size).toBe(0);
  });
});
