/** The store's shape: one zustand store made of typed slices. */
import type { StoreApi } from 'zustand';
import type { RpcApi } from '../rpc/client';
import type { AbSlice } from './ab-slice';
import type { CaptureSlice } from './capture-slice';
import type { DecodersSlice } from './decoders-slice';
import type { EnvSlice } from './env-slice';
import type { FrameSlice } from './frame-slice';
import type { OperatorsSlice } from './operators-slice';
import type { ProbeSlice } from './probe-slice';
import type { SessionSlice } from './session-slice';
import type { UiSlice } from './ui-slice';

/** The whole state with its actions. */
export type AppState = SessionSlice &
  FrameSlice &
  EnvSlice &
  UiSlice &
  OperatorsSlice &
  CaptureSlice &
  ProbeSlice &
  AbSlice &
  DecodersSlice;

/** What a slice creator receives: zustand's set/get plus the RPC client. */
export type SliceCreator<T> = (set: StoreApi<AppState>['setState'], get: () => AppState, client: RpcApi) => T;
