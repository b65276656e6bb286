/**
 * A second `npm start` while a port is taken: a port the user named is refused in one line with a code, a remedy and
 * exit code 3; the default port moves on to a free one and says so. Never Node's EADDRINUSE stack trace.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CANNOT_LISTEN_EXIT } from '../../electron/serve/listen-port';
import { ROOT } from '../support/paths';
import {
  killLeftovers,
  launch,
  launcherBuilt,
  processesMarked,
  servedUrl,
  stillRunningAfter,
  type Launched,
} from './launcher-process';

/** serve mode's port when --port is not given (electron/serve/options.ts). */
const DEFAULT_PORT = 8710;

/** True where binding port 80 needs a privilege this process lacks (not root, and the kernel keeps low ports). */
const portsNeedPrivilege = (() => {
  if (process.getuid?.() === 0) return false;
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_unprivileged_port_start', 'utf8')) > 80;
  } catch {
    return false;
  }
})();

let launched: Launched | null = null;
let holder: net.Server | null = null;

afterEach(async () => {
  if (launched !== null) killLeftovers(launched);
  launched = null;
  const held = holder;
  holder = null;
  if (held !== null) await new Promise((resolve) => held.close(resolve));
});

/** Listens on PORT of 127.0.0.1 (0: any free one); resolves with the port, or null when it is taken already. */
function hold(port: number): Promise<number | null> {
  const server = net.createServer();
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(null) : reject(error),
    );
    server.listen(port, '127.0.0.1', () => {
      holder = server;
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

describe.skipIf(!launcherBuilt)('npm start on a busy port (needs npm run build)', () => {
  it('a named --port that is in use exits 3 with one line: PORT_IN_USE, the port and the remedy; no backend is left', async () => {
    const port = await hold(0);
    expect(port).not.toBeNull();
    const run = await launch(['--port', String(port)], { ZCI_SERVE: '1' });
    launched = run;
    const end = await run.ended;
    expect(end, run.stderr()).toEqual({ code: CANNOT_LISTEN_EXIT, signal: null });
    expect(run.stderr()).toBe(
      `PORT_IN_USE: port ${port} on 127.0.0.1 is in use by another process (another inspector?); ` +
        'pass --port 0 for a free port or another --port N, or stop the other process\n',
    );
    expect(`${run.stdout()}${run.stderr()}`).not.toMatch(/EADDRINUSE|\n\s+at |node:net/);
    // The backend serve mode had started ended before it did.
    expect(await stillRunningAfter(processesMarked(run.configDir), 2_000)).toEqual([]);
  });

  it('the default port in use moves on to another, saying so in one line, and serves there', async () => {
    // Held by this test, or already taken by something else on this machine: either way it is busy.
    await hold(DEFAULT_PORT);
    const run = await launch([], { ZCI_SERVE: '1' });
    launched = run;
    const url = await servedUrl(run);
    const port = Number(url.port);
    expect(port).not.toBe(DEFAULT_PORT);
    const moved = run
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith(`port ${DEFAULT_PORT} `));
    expect(moved).toEqual([`port ${DEFAULT_PORT} is in use (another inspector?): serving on port ${port} instead`]);
    expect(run.stderr()).toBe('');
    // Serve mode answers there: the token in the URL is traded for its cookie.
    const answer = await fetch(url, { redirect: 'manual' });
    expect(answer.status).toBe(303);
    run.proc.kill('SIGTERM');
    expect(await run.ended).toEqual({ code: 0, signal: null });
  });

  it('a --host that is not an address of this machine exits 3 with one line: HOST_NOT_AVAILABLE', async () => {
    // 192.0.2.0/24 is kept for documentation: no machine's interface holds it.
    const run = await launch(['--host', '192.0.2.1', '--port', '0'], { ZCI_SERVE: '1' });
    launched = run;
    expect(await run.ended, run.stderr()).toEqual({ code: CANNOT_LISTEN_EXIT, signal: null });
    expect(run.stderr().trimEnd().split('\n').at(-1)).toBe(
      'HOST_NOT_AVAILABLE: --host 192.0.2.1 is not an address of this machine; ' +
        'pass one of its addresses, or leave --host out for 127.0.0.1',
    );
    expect(run.stderr()).not.toMatch(/EADDRNOTAVAIL|\n\s+at /);
  });

  it.skipIf(!portsNeedPrivilege)(
    'a --port below 1024 without the privilege exits 3 with one line: PORT_NOT_PERMITTED',
    async () => {
      const run = await launch(['--port', '80'], { ZCI_SERVE: '1' });
      launched = run;
      expect(await run.ended, run.stderr()).toEqual({ code: CANNOT_LISTEN_EXIT, signal: null });
      expect(run.stderr()).toBe(
        'PORT_NOT_PERMITTED: port 80 on 127.0.0.1 needs privileges this process does not have; ' +
          'pass --port 0 for a free port or a --port from 1024 up\n',
      );
    },
  );

  it('serve mode --help names exit code 3 and the codes a failed listen prints', () => {
    const help = spawnSync(process.execPath, [path.join(ROOT, 'out', 'serve', 'index.js'), '--help'], {
      encoding: 'utf8',
    });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(new RegExp(`^ {2}${CANNOT_LISTEN_EXIT} {2}cannot listen: PORT_IN_USE`, 'm'));
    for (const code of ['PORT_NOT_PERMITTED', 'HOST_NOT_AVAILABLE']) expect(help.stdout).toContain(code);
  });
});
