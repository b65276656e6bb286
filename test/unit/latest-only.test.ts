import { describe, expect, it } from 'vitest';
import { ClientSession } from '../../electron/backend/client-session';
import { LatestOnly } from '../../renderer/src/store/latest-only';

/** A promise with its resolve, to hold a request open. */
function gate(): { promise: Promise<void>; open(): void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('LatestOnly (the renderer side of a held key)', () => {
  it('sends one at a time, and only the newest of those waiting', async () => {
    const sent: number[] = [];
    const gates = new Map<number, ReturnType<typeof gate>>();
    const latest = new LatestOnly<number>(async (key) => {
      sent.push(key);
      const g = gate();
      gates.set(key, g);
      await g.promise;
    });
    const all = [1, 2, 3, 4].map((key) => latest.request(key));
    expect(sent).toEqual([1]);
    gates.get(1)!.open();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([1, 4]);
    gates.get(4)!.open();
    await Promise.all(all);
    expect(latest.counts()).toEqual({ sent: 2, dropped: 2 });
  });

  it('never holds more than one request waiting, however many are asked for', async () => {
    let waitingMax = 0;
    let inFlight = 0;
    const latest = new LatestOnly<number>(async () => {
      inFlight += 1;
      waitingMax = Math.max(waitingMax, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
    });
    const asked: Promise<void>[] = [];
    for (let i = 0; i < 200; i += 1) {
      asked.push(latest.request(i));
      if (i % 7 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await Promise.all(asked);
    expect(waitingMax).toBe(1);
    const { sent, dropped } = latest.counts();
    expect(sent + dropped).toBe(200);
    expect(sent).toBeLessThan(200);
  });

  it('keeps going after a request fails', async () => {
    const sent: number[] = [];
    const latest = new LatestOnly<number>(async (key) => {
      sent.push(key);
      if (key === 1) throw new Error('decode failed');
    });
    await expect(latest.request(1)).rejects.toThrow('decode failed');
    await latest.request(2);
    expect(sent).toEqual([1, 2]);
  });
});

describe('ClientSession.latest (the backend side)', () => {
  it('answers a request still waiting SUPERSEDED at once, and runs the newest', async () => {
    const client = new ClientSession();
    const ran: number[] = [];
    const hold = gate();
    const first = client.latest(async () => {
      ran.push(1);
      await hold.promise;
      return 1;
    });
    await new Promise((resolve) => setTimeout(resolve, 0)); // 1 is running now
    const second = client.latest(async () => (ran.push(2), 2));
    const third = client.latest(async () => (ran.push(3), 3));
    await expect(second).rejects.toMatchObject({ code: 'SUPERSEDED' });
    hold.open();
    await expect(first).resolves.toBe(1);
    await expect(third).resolves.toBe(3);
    expect(ran).toEqual([1, 3]);
    expect(client.superseded).toBe(1);
  });

  it('tells its listener of a step at once, and of a burst of steps once per interval, the last one included', async () => {
    const heard: (number | null)[] = [];
    const client = new ClientSession((state) => heard.push(state.lastFrame));
    for (let frame = 0; frame < 10; frame += 1) client.viewed(frame);
    expect(heard).toEqual([0]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(heard).toEqual([0, 9]);
  });
});
