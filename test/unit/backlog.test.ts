import { describe, expect, it } from 'vitest';
import { backlogLimits, Backlogs, CLIENT_IN_FLIGHT } from '../../electron/serve/backlog';
import { MAX_PENDING_REQUESTS } from '../../contract/wire';

const MIB = 1_048_576;

describe("each client's backlog in serve mode", () => {
  it('gives each client its share of the unread budget, under the socket cap', () => {
    expect(backlogLimits(16 * MIB, 8, 64 * MIB)).toEqual({
      inFlight: CLIENT_IN_FLIGHT,
      unreadShare: 2 * MIB,
      waiting: MAX_PENDING_REQUESTS,
    });
    expect(backlogLimits(Number.POSITIVE_INFINITY, 8, 64 * MIB).unreadShare).toBe(32 * MIB);
    expect(backlogLimits(1024, 8, 64 * MIB).unreadShare).toBe(MIB);
  });

  it('sends while a client is under its share, keeps order while it is over, and refuses past the waiting room', () => {
    const inFlight = new Map<string, number>();
    const unread = new Map<string, number>();
    const backlogs = new Backlogs(
      { inFlight: 2, unreadShare: 100, waiting: 2 },
      { inFlight: (c) => inFlight.get(c) ?? 0, unread: (c) => unread.get(c) ?? 0 },
    );
    expect(backlogs.admit('a', 'r1')).toBe('send');
    inFlight.set('a', 2);
    expect(backlogs.admit('a', 'r2')).toBe('wait');
    expect(backlogs.admit('b', 'x1')).toBe('send'); // another client is not held back
    inFlight.set('a', 0);
    unread.set('a', 100);
    expect(backlogs.admit('a', 'r3')).toBe('wait'); // behind r2, though in flight is free: order holds
    expect(backlogs.admit('a', 'r4')).toBe('busy');
    expect(backlogs.release('a')).toEqual([]); // still over its unread share
    unread.set('a', 0);
    expect(backlogs.release('a')).toEqual(['r2', 'r3']); // both fit the two in flight
    expect(backlogs.count('a')).toBe(0);
    inFlight.set('a', 2);
    backlogs.admit('a', 'r5');
    expect(backlogs.clients()).toEqual(['a']);
    expect(backlogs.drop('a')).toEqual(['r5']);
    expect(backlogs.clients()).toEqual([]);
  });
});
