// Opens a clip in a fresh process (CUPTI is loaded once per process) and prints the ledgers of a bare frame call, a
// call with thumbnails, a step after setLedger and a call with a preview, as one JSON line; the environment
// (ZCI_CUPTI_PATH) is the parent's choice.
import { addon, fixture } from './helpers.mjs';

const [name, ledgerOption] = process.argv.slice(2);
const options = ledgerOption === undefined ? {} : { ledger: ledgerOption === 'on' };
const s = await addon.Session.open(fixture(name), options);
try {
  const frame = await s.show({ index: 1 });
  const show = await s.show({ index: 2 }, { thumbnailWidth: 32 });
  const switchedOff = s.setLedger(false);
  const off = await s.show({ index: 3 }, { thumbnailWidth: 32 });
  const switchedOn = s.setLedger(true);
  const on = await s.show({ index: 4 }, { thumbnailWidth: 32 });
  // The call's ledger has its previews' copies; the previews themselves carry none.
  const preview = await s.show({ index: 5 }, { thumbnailWidth: 32, previews: [{ op: 'reference', maxWidth: 32 }] });
  const [outcome] = preview.previews;
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
      frameIndex: frame.report.frameIndex,
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
      previewBytes: outcome.result.bytesDownloaded,
      previewError: outcome.error,
      previewHasLedger: 'ledger' in outcome.result,
      badSwitch,
    }) + '\n',
  );
} finally {
  s.close();
}
