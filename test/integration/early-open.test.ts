/**
 * The early open (electron/cli/early-open.ts): the command line's video opened before its modules load, adopted only
 * by an open of the same file with the same options, and closed otherwise. Against the real addon.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addonLoaderPath } from '../../electron/addon/addon-path';
import { loadAddon } from '../../electron/addon/load-addon';
import type { AddonModule, Session } from '../../electron/addon/native';
import {
  adoptEarlyEnvironment,
  adoptEarlyOpen,
  earlyOpenOf,
  openEarly,
  videoOpenOptions,
} from '../../electron/cli/early-open';
import { ROOT, SAMPLE } from '../support/paths';
import { WHOLE_FILE_NVDEC_THREADS } from '../../electron/cli/nvdec-threads';

const CWD = path.join(ROOT, 'assets');

function addon(): AddonModule {
  const loaded = loadAddon(addonLoaderPath(ROOT)).addon;
  if (loaded === null) throw new Error('the addon did not load: build it first');
  return loaded;
}

const plain = {
  decode: null,
  device: null,
  operatorDevice: null,
  peerAccess: false,
  ledger: false,
  unsafeOutput: false,
  nvdecThreads: null,
};

afterEach(() => {
  // Nothing left pending between tests.
  adoptEarlyOpen('', {})?.then(
    (s) => s.close(),
    () => undefined,
  );
  adoptEarlyEnvironment(false);
  adoptEarlyEnvironment(true);
});

describe('what the early open opens', () => {
  it.each([
    // Every frame, in order: NVDEC's frame threads, as the command's own open asks (nvdec-threads.ts).
    [['inspect', 'sample.mp4'], { nvdecThreads: 4 }],
    [['inspect', 'sample.mp4', '--frames', '0,3', '--json'], {}],
    [['inspect', 'sample.mp4', '--nvdec-threads', '2'], { nvdecThreads: 2 }],
    [['inspect', 'sample.mp4', '--frames', '0-9', '--nvdec-threads=8'], { nvdecThreads: 8 }],
    [['capture', 'sample.mp4', '-o', 'out.zci', '--decode', 'software'], { decode: 'software' }],
    [['inspect', '--device', '1', 'sample.mp4', '--no-proof'], { device: 1, nvdecThreads: 4 }],
    [['inspect', 'sample.mp4', '--decode=cuvid', '--device=0'], { decode: 'cuvid', device: 0, nvdecThreads: 4 }],
  ])('%j: the file, resolved from the working folder, with %j', (argv, options) => {
    expect(earlyOpenOf(argv, CWD)).toEqual({ file: SAMPLE, options });
  });

  it.each([
    [['scan', 'sample.mp4']],
    [['inspect']],
    [['inspect', 'a.mp4', 'b.mp4']],
    [['inspect', 'sample.mp4', '--ledger']],
    [['inspect', 'sample.mp4', '--operator-device', '1']],
    [['inspect', 'sample.mp4', '--unsafe-output']],
    [['inspect', 'sample.mp4', '--compare-decoders']],
    [['inspect', 'sample.mp4', '--device', '1.5']],
    [['inspect', 'sample.mp4', '--device', '64']],
    [['inspect', 'sample.mp4', '--nvdec-threads', '0']],
    [['inspect', 'sample.mp4', '--nvdec-threads', '9']],
    [['inspect', 'sample.mp4', '--nvdec-threads', '2.5']],
    [['inspect', 'sample.mp4', '--no-such-option']],
    [['inspect', 'sample.mp4', '--help']],
    [['inspect', 'missing.mp4']],
    [['inspect', '.']],
    [['inspect', '/dev/null']],
  ])('%j: nothing (the command opens as it always did)', (argv) => {
    expect(earlyOpenOf(argv, CWD)).toBeNull();
  });
});

describe('adopting the early open', () => {
  it('hands the same open to the command that asks for the same file and options, once', async () => {
    const a = addon();
    const cwd = process.cwd();
    process.chdir(CWD);
    try {
      openEarly(a, ['inspect', 'sample.mp4', '--decode', 'software']);
    } finally {
      process.chdir(cwd);
    }
    // What the command's own open asks for inspect over every frame (cli-args.ts): its NVDEC frame threads too.
    const asked = videoOpenOptions({ ...plain, decode: 'software', nvdecThreads: WHOLE_FILE_NVDEC_THREADS });
    const adopted = adoptEarlyOpen(SAMPLE, asked);
    expect(adopted).not.toBeNull();
    const session = (await adopted) as Session;
    try {
      expect(session.info.path).toBe(SAMPLE);
      expect(session.info.decodePath).toBe('software');
      expect(adoptEarlyOpen(SAMPLE, asked)).toBeNull();
      const environment = adoptEarlyEnvironment(false);
      expect(environment).not.toBeNull();
      expect((await environment)?.ffmpeg.libavcodec).toBe(a.environment().ffmpeg.libavcodec);
    } finally {
      session.close();
    }
  });

  it('closes an early open that the command does not ask for, and hands out nothing', async () => {
    const a = addon();
    const opened: Session[] = [];
    const open = a.Session.open.bind(a.Session);
    // The real open, watched: the early open's session is kept to see it closed.
    const watched = {
      ...a,
      Session: Object.assign(Object.create(a.Session) as typeof a.Session, {
        open: (file: string, options?: Parameters<typeof open>[1]) =>
          open(file, options).then((s) => {
            opened.push(s);
            return s;
          }),
      }),
    } as AddonModule;
    openEarly(watched, ['inspect', SAMPLE, '--decode', 'software']);
    expect(adoptEarlyOpen(SAMPLE, videoOpenOptions({ ...plain, decode: 'auto' }))).toBeNull();
    expect(adoptEarlyEnvironment(true)).toBeNull(); // a capture's probe asks for the table; inspect's did not
    await expect.poll(() => opened.length).toBe(1);
    await expect.poll(() => opened[0]?.closed).toBe(true);
  });

  it('does nothing when switched off', () => {
    process.env.ZCI_EARLY_OPEN = '0';
    try {
      openEarly(addon(), ['inspect', SAMPLE]);
      expect(adoptEarlyOpen(SAMPLE, {})).toBeNull();
    } finally {
      delete process.env.ZCI_EARLY_OPEN;
    }
  });
});
