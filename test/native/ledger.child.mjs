// Opens a clip in a fresh process (CUPTI is loaded once per process) and prints the ledgers of frame, show and a
// step after setLedger, as one JSON line; the environment (ZCI_CUPTI_PATH) is the parent's choice.
import { addon, fixture } from './helpers.mjs';

const [name, ledgerOption] = process.argv.slice(2);
const options = ledgerOption === undefined ? {} : { ledger: ledgerOption === 'on' };
const s = await addon.Session.open(fixture(name), options);
try {
  const frame = await s.frame(1);
  const show = await s.show(2, { thumbnailWidth: 32 });
  const switchedOff = s.setLedger(false);
  const off = await s.show(3, { thumbnailWidth: 32 });
  const switchedOn = s.setLedger(true);
  const on = await s.show(4, { thumbnailWidth: 32 });
  // A standalone preview answers its own ledger; the preview inside show's answer does not (show's ledger has it).
  const preview = await s.preview({ op: 'reference', maxWidth: 32 });
  const showPreview = await s.show(5, { thumbnailWidth: 32, preview: { op: 'reference', maxWidth: 32 } });
  const badSwitch = (() => {
    try {
      s.setLedger('yes');
      return 'NO_ERROR';
    } catch (e) {
      return e.code;
    }
  })();
  process.stdout.write(
    JSON.stringify({
      frame: frame.ledger,
      frameIndex: frame.frameIndex,
      show: show.ledger,
      showFrame: show.report.frameIndex,
      showThumbnails: show.thumbnails.length,
      reportLedger: show.report.ledger ?? null,
      switchedOff,
      off: off.ledger,
      offFrame: off.report.frameIndex,
      switchedOn,
      on: on.ledger,
      preview: preview.ledger ?? null,
      previewBytes: preview.bytesDownloaded,
      showPreviewHasLedger: showPreview.preview !== null && 'ledger' in showPreview.preview,
      badSwitch,
    }) + '\n',
  );
} finally {
  s.close();
}
