/** What the hex view's last copy did, and its words. */

/** What the last copy did. */
export type CopyState = 'idle' | 'copied' | 'refused' | 'not-read';

export const COPY_WORDS: Readonly<Record<CopyState, string>> = {
  idle: '',
  copied: 'copied',
  refused: 'the clipboard refused the copy',
  'not-read': 'some selected bytes could not be read, nothing copied',
};
