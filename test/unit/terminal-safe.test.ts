/** The command line's one output sanitiser: nothing a terminal acts on gets through, and JSON stays JSON. */
import { describe, expect, it } from 'vitest';
import { main } from '../../electron/cli/zerocopy-inspector';
import { terminalSafe } from '../../electron/cli/terminal-safe';

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('terminalSafe', () => {
  it('escapes every control character, C1 control, line separator and bidirectional mark; keeps LF and the rest', () => {
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      const out = terminalSafe(ch);
      if (ch === '\n' || !UNSAFE.test(ch)) expect(out).toBe(ch);
      else expect(out).toBe(`\\u${c.toString(16).padStart(4, '0')}`);
    }
    expect(terminalSafe('h264\u001b]0;owned\u0007\u001b[2J')).toBe('h264\\u001b]0;owned\\u0007\\u001b[2J');
    expect(terminalSafe('plain · text ×\nnext')).toBe('plain · text ×\nnext');
  });

  it('leaves JSON valid, reading back to the same strings', () => {
    const value = { name: 'a\u202eb\u0085c\u2028d\u007f', nested: ['\u001b[2J'] };
    const safe = terminalSafe(JSON.stringify(value, null, 2));
    expect(safe).not.toMatch(UNSAFE);
    expect(JSON.parse(safe)).toEqual(value);
  });

  it('is what main writes through: a usage error naming a hostile file reaches stderr escaped', async () => {
    let out = '';
    let err = '';
    const code = await main(['inspect', 'clip\u001b]0;owned\u0007.mp4', '--frames', 'x\u202e'], {
      out: (t) => (out += t),
      err: (t) => (err += t),
      interactive: false,
    });
    expect(code).toBe(2);
    expect(`${out}${err}`).not.toMatch(UNSAFE);
    expect(err).toContain('x\\u202e');
  });
});
