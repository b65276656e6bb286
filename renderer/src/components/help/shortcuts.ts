/** The keyboard shortcuts, declared once for the handler and the help overlay. */

/** What a shortcut does. */
export type ShortcutAction =
  | 'prev'
  | 'next'
  | 'prev10'
  | 'next10'
  | 'first'
  | 'last'
  | 'jump'
  | 'open'
  | 'theme'
  | 'presenter'
  | 'flicker'
  | 'pin'
  | 'help'
  | 'panel'
  | 'escape';

/** One shortcut. */
export interface Shortcut {
  keys: string[];
  action: ShortcutAction;
  text: string;
}

/** All shortcuts. */
export const SHORTCUTS: Shortcut[] = [
  { keys: ['ArrowLeft'], action: 'prev', text: 'previous frame' },
  { keys: ['ArrowRight'], action: 'next', text: 'next frame' },
  { keys: ['Shift+ArrowLeft'], action: 'prev10', text: '10 frames back' },
  { keys: ['Shift+ArrowRight'], action: 'next10', text: '10 frames forward' },
  { keys: ['Home'], action: 'first', text: 'first frame' },
  { keys: ['End'], action: 'last', text: 'last frame' },
  { keys: ['g'], action: 'jump', text: 'jump to a frame number' },
  { keys: ['o'], action: 'open', text: 'open a file' },
  { keys: ['t'], action: 'theme', text: 'dark / light theme' },
  { keys: ['p', 'P'], action: 'presenter', text: 'presenter view (full screen, for demos)' },
  { keys: ['f', 'F'], action: 'flicker', text: 'A/B flicker: swap the naive and the correct picture in place' },
  { keys: ['a'], action: 'pin', text: 'A/B: keep this frame as A, to compare with the frames that follow' },
  { keys: ['?'], action: 'help', text: 'this help' },
  {
    keys: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
    action: 'panel',
    text: 'jump to a panel of the panel bar (answers, identity, layout, probe, hex, decoders, A/B, decoder, operators)',
  },
  { keys: ['Escape'], action: 'escape', text: 'close the presenter view, help or the error; unpin the probe' },
];

/** Keys of one view, said in the help as they are pressed: the view takes them while it has focus. */
export interface ViewKeys {
  /** The view, as the help heads its table. */
  view: string;
  keys: { keys: string[]; text: string }[];
}

/** The pixel probe's keys (ProbeCanvas, ProbePanel, ProbeViewControl) and the hex view's (HexPanel). */
export const VIEW_KEYS: ViewKeys[] = [
  {
    view: 'Pixel probe (the view focused)',
    keys: [
      { keys: ['click'], text: 'pin the pixel (click it again to unpin); the x and y fields follow the pin' },
      { keys: ['←', '↑', '→', '↓'], text: 'move the pin by one pixel' },
      { keys: ['Shift+arrows'], text: 'move the pin by 8 pixels' },
      { keys: ['+', '−'], text: 'zoom in and out (the wheel too); from 16× a pixel grid, from 32× the values' },
      { keys: ['Escape'], text: 'unpin (anywhere on the page while no dialog is open), or the Unpin button' },
      { keys: ['Enter'], text: 'in the x or y field: go there at 16× (typing a place already moves the pin)' },
    ],
  },
  {
    view: 'Probe view: channel and range (one Tab stop)',
    keys: [
      { keys: ['←', '↑', '→', '↓'], text: 'move between U and V, U only, V only, full scale, stretch, value, word' },
      { keys: ['Home', 'End'], text: 'the first or last of them' },
      { keys: ['Enter', 'Space'], text: 'choose it: the view, the values drawn from 32× and exports follow' },
    ],
  },
  {
    view: 'Memory as hex (the bytes focused)',
    keys: [
      { keys: ['click', 'drag'], text: 'select bytes; Shift+click extends the selection' },
      { keys: ['←', '→', '↑', '↓'], text: 'move by a unit or a line of 16 bytes' },
      { keys: ['Shift+arrows'], text: 'extend the selection' },
      { keys: ['PageUp', 'PageDown'], text: 'move by 256 bytes' },
      { keys: ['Ctrl+C'], text: 'copy the selection as hex' },
      { keys: ['Escape'], text: 'clear the selection' },
    ],
  },
  {
    view: 'Groups (the panel bar, a panel, the layout blocks, an inset)',
    keys: [
      { keys: ['Tab'], text: 'one stop per group: to the next group, onto the control last used there' },
      {
        keys: ['←', '↑', '→', '↓'],
        text: 'move between the controls of the group (in a field or the code, they edit or scroll)',
      },
      { keys: ['Home', 'End'], text: "the group's first or last control" },
      { keys: ['Enter'], text: 'in the frame or time field: go there (the Go buttons are for the pointer)' },
    ],
  },
];

/** The action for a key event, or null; keys typed into a field are not shortcuts. */
export function actionFor(
  event: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  inField: boolean,
): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (inField && event.key !== 'Escape') return null;
  const name = event.shiftKey && event.key.startsWith('Arrow') ? `Shift+${event.key}` : event.key;
  return SHORTCUTS.find((shortcut) => shortcut.keys.includes(name))?.action ?? null;
}
