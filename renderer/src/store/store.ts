/** Builds the one store from its slices and wires the backend's events into it. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RpcApi } from '../rpc/client';
import { createAbSlice } from './ab-slice';
import { createCaptureSlice } from './capture-slice';
import { createDecodersSlice } from './decoders-slice';
import { createEnvSlice } from './env-slice';
import { createFrameSlice } from './frame-slice';
import { createOperatorsSlice } from './operators-slice';
import { createProbeSlice } from './probe-slice';
import { createSessionSlice } from './session-slice';
import type { AppState } from './types';
import { createUiSlice } from './ui-slice';

/** A store bound to a client. */
export function createAppStore(client: RpcApi): StoreApi<AppState> {
  const store = createStore<AppState>()((set, get) => ({
    ...createUiSlice(set, get, client),
    ...createEnvSlice(set, get, client),
    ...createSessionSlice(set, get, client),
    ...createFrameSlice(set, get, client),
    ...createOperatorsSlice(set, get, client),
    ...createCaptureSlice(set, get, client),
    ...createProbeSlice(set, get, client),
    ...createAbSlice(set, get, client),
    ...createDecodersSlice(set, get, client),
  }));
  // Memory reads belong to one frame: a new frame on screen forgets them (no render: the views compare frames).
  store.subscribe((state, before) => {
    if (state.report !== before.report) state.forgetMemory();
  });
  client.on('progress', (event) => store.getState().setProgress(event));
  client.on('backendRestarted', (event) => {
    store.getState().noteRestart(event);
    void store.getState().loadEnvironment();
  });
  return store;
}
