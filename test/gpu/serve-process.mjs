// Serve mode as a child process, for the GPU tier and the GPU run's benchmarks: started on a free port, its URL
// (with the token) read from what it prints.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The built serve mode's entry point. */
export const serveEntry = path.join(root, 'out', 'serve', 'index.js');

/**
 * Starts serve mode with a config folder, any further arguments and any further environment (a test hook such as
 * ZCI_PLANT_WRAP); resolves { proc, url } once it serves. appRoot names another build of the app to start (a folder
 * holding out/serve/index.js and native/), as scripts/refactor/dump-rpc-answers.mjs compares two builds.
 */
export async function startServe(configDir, extraArgs = [], extraEnv = {}, appRoot = root) {
  const entry = path.join(appRoot, 'out', 'serve', 'index.js');
  const proc = spawn(process.execPath, [entry, '--port', '0', '--config-dir', configDir, ...extraArgs], {
    cwd: appRoot,
    env: { ...process.env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL:\n${output}`)), 30_000);
    proc.stdout.on('data', (d) => {
      output += d;
      const m = /serving at (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(new URL(m[1]));
      }
    });
    proc.stderr.on('data', (d) => (output += d));
    proc.on('exit', (code) => reject(new Error(`serve exited ${code}:\n${output}`)));
  });
  return { proc, url };
}

/**
 * Reads one server message as a client does, written here apart from the app's own reader
 * (contract/wire-frame.ts): JSON text, or a binary frame "ZCB1" + header length (uint32 LE) + header JSON
 * ({ blobs: [lengths], message }) + the byte arrays, each {"$bytes": n} in the message standing for the n-th.
 */
export function readServerMessage(data, isBinary) {
  if (!isBinary) return JSON.parse(data.toString());
  const frame = Buffer.from(data);
  if (frame.subarray(0, 4).toString('latin1') !== 'ZCB1') throw new Error('binary message without ZCB1');
  const headerLength = frame.readUInt32LE(4);
  const header = JSON.parse(frame.subarray(8, 8 + headerLength).toString('utf8'));
  const blobs = [];
  let offset = 8 + headerLength;
  for (const length of header.blobs) {
    blobs.push(frame.subarray(offset, offset + length));
    offset += length;
  }
  if (offset !== frame.length) throw new Error(`binary frame of ${frame.length} bytes, ${offset} accounted for`);
  const restore = (v) => {
    if (Array.isArray(v)) return v.map(restore);
    if (v && typeof v === 'object') {
      if (Object.keys(v).length === 1 && Number.isInteger(v.$bytes)) return blobs[v.$bytes];
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, restore(x)]));
    }
    return v;
  };
  return restore(header.message);
}

/**
 * Opens the RPC socket of a serve process started by startServe (WebSocket is the ws package's class); resolves
 * { socket, call }, where call(method, params) resolves the response message. onResponse sees every exchange.
 */
export async function connectRpc(WebSocket, url, onResponse = () => {}) {
  const socket = new WebSocket(`ws://${url.host}/rpc?token=${url.searchParams.get('token')}`, { origin: url.origin });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let id = 0;
  const call = (method, params) =>
    new Promise((resolve) => {
      const my = ++id;
      const onMessage = (data, isBinary) => {
        const m = readServerMessage(data, isBinary);
        if (m.kind === 'response' && m.id === my) {
          socket.off('message', onMessage);
          onResponse({ method, params, response: m });
          resolve(m);
        }
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ kind: 'request', id: my, method, params }));
    });
  return { socket, call };
}
