"""The writer's captures, opened by the inspector's own reader (the app's zod schemas and signature check)."""

from __future__ import annotations

import base64
import json
import zipfile

import pytest
from cryptography.hazmat.primitives.serialization import load_der_public_key

import factsbuild as fb
from inspector import inspect_json
from zci import Recorder, signing


def write(tmp_path, frames, name="run.zci", sign=True):
    recorder = Recorder(tmp_path / name, sign=sign, key_dir=tmp_path / "key")
    for facts in frames:
        recorder.add(facts)
    return recorder.close()


def test_the_zip_holds_the_manifest_first_the_pngs_and_a_signature_that_verifies(tmp_path):
    path = write(tmp_path, [fb.frame("after decode", fb.image_wrap())])
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        entries = {n: archive.read(n) for n in names}
        infos = {i.filename: i for i in archive.infolist()}
    assert names[0] == "capture.json" and names[-1] == "signature.json"
    assert {"frames/000000/plane-0.png", "frames/000000/plane-1.png", "frames/000000/plane-1-V.png"} <= set(names)
    assert infos["frames/000000/plane-0.png"].compress_type == zipfile.ZIP_STORED
    signature = json.loads(entries["signature.json"])
    key = load_der_public_key(base64.b64decode(signature["publicKey"]))
    key.verify(base64.b64decode(signature["signature"]), signing.statement(entries))
    manifest = json.loads(entries["capture.json"])
    assert manifest["signed"] is True
    assert manifest["recordedBy"]["origin"] == "your-process"
    assert manifest["frames"][0]["label"] == "after decode"
    not_taken = {n["fact"] for n in manifest["recordedBy"]["notTaken"]}
    assert "decoder surface" in not_taken
    # The environment is taken where the CUDA driver lists devices, and named as not taken where it cannot.
    assert ("environment" in not_taken) == (manifest["environment"] is None)


def test_the_inspector_opens_it_signed_by_another_key_with_every_check_passing(tmp_path):
    path = write(tmp_path, [fb.frame("after decode", fb.image_wrap()), fb.frame("again", fb.image_wrap())])
    code, out, err = inspect_json(path)
    assert code == 0, err
    assert out is not None
    signature = out["input"]["capture"]["signature"]
    assert (signature["state"], signature["thisInstallation"]) == ("signed", False)
    assert len(out["frames"]) == 2
    report = out["frames"][0]["report"]
    assert [p["match"] for p in report["planes"]] == [True, True]
    assert report["planes"][0]["hiddenRowsAfter"] == 8 and report["planes"][0]["codedRowsNotDisplayed"] == 8
    assert report["allocation"]["bufferId"] == "987"
    assert report["wrap"]["tensor"]["valid"] is False


def test_the_naive_view_fails_the_inspector_with_the_distance(tmp_path):
    path = write(tmp_path, [fb.frame("1.5xH view", fb.naive_tensor(1620), stream_state="pending")])
    code, out, err = inspect_json(path)
    assert code == 1, err
    assert out is not None
    plane = out["frames"][0]["report"]["planes"][1]
    assert plane["match"] is False
    assert int(plane["ffmpegPointer"], 16) - int(plane["nvcvPointer"], 16) == 8 * fb.PITCH
    assert "PENDING" in out["frames"][0]["report"]["context"]["strategy"]


def test_an_unsigned_capture_reads_unsigned_and_strict_fails_it(tmp_path):
    path = write(tmp_path, [fb.frame("x", fb.image_wrap())], sign=False)
    code, out, _ = inspect_json(path, strict=True)
    assert code == 1
    assert out is not None and out["input"]["capture"]["signature"]["state"] == "unsigned"


def test_a_changed_manifest_reads_tampered(tmp_path):
    path = write(tmp_path, [fb.frame("x", fb.image_wrap())])
    changed = tmp_path / "changed.zci"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(changed, "w") as target:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "capture.json":
                data = data.replace(b'"after decode"', b'"x"').replace(b'"label": "x"', b'"label": "y"')
            target.writestr(info, data)
    code, out, _ = inspect_json(changed)
    assert code == 1
    assert out is not None and out["input"]["capture"]["signature"]["state"] == "tampered"


def test_an_existing_capture_is_kept_unless_asked(tmp_path):
    write(tmp_path, [fb.frame("x", fb.image_wrap())])
    with pytest.raises(FileExistsError, match="overwrite=True"):
        write(tmp_path, [fb.frame("x", fb.image_wrap())])
    assert not list(tmp_path.glob("*.partial"))
