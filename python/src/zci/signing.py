"""The recorder's own signing key: Ed25519 in the user's config folder, the algorithm and statement the inspector's
captures use (docs/capture-format.md), so the app shows recorder captures as signed by another key."""

from __future__ import annotations

import base64
import hashlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from . import atomic

KEY_FILE = "recorder-signing-key.pem"
SIGNATURE_ENTRY = "signature.json"
STATEMENT_HEADER = "zerocopy-inspector capture signature 1"


def key_folder() -> Path:
    """ZCI_RECORDER_CONFIG, else $XDG_CONFIG_HOME/zci-recorder, else ~/.config/zci-recorder."""
    if os.environ.get("ZCI_RECORDER_CONFIG"):
        return Path(os.environ["ZCI_RECORDER_CONFIG"])
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "zci-recorder"


def load_or_create_key(folder: Path | None = None) -> Ed25519PrivateKey:
    """The per-user key, made on first need (mode 0600, linked into place so two processes agree on one)."""
    folder = folder or key_folder()
    path = folder / KEY_FILE
    if path.exists():
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
        if not isinstance(key, Ed25519PrivateKey):
            raise ValueError(f"{path} holds no Ed25519 key; move it away to make a new one")
        return key
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    try:
        atomic.write_atomically(path, pem, replace=False, mode=0o600)
    except FileExistsError:
        return load_or_create_key(folder)
    return key


def public_der(key: Ed25519PrivateKey) -> bytes:
    return key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


def fingerprint(der: bytes) -> str:
    """SHA-256 of the public key's DER bytes in groups of four hex digits (as the app shows it)."""
    digest = hashlib.sha256(der).hexdigest()
    return " ".join(digest[i : i + 4] for i in range(0, len(digest), 4))


def statement(entries: Mapping[str, bytes]) -> bytes:
    """The signed statement: the header line, then '<sha256>  <name>' for every entry but the signature."""
    names = sorted(name for name in entries if name != SIGNATURE_ENTRY)
    lines = [STATEMENT_HEADER, *(f"{hashlib.sha256(entries[n]).hexdigest()}  {n}" for n in names), ""]
    return "\n".join(lines).encode()


def sign(entries: Mapping[str, bytes], key: Ed25519PrivateKey) -> dict[str, Any]:
    """signature.json for these entries."""
    der = public_der(key)
    return {
        "algorithm": "ed25519",
        "publicKey": base64.b64encode(der).decode(),
        "fingerprint": fingerprint(der),
        "signature": base64.b64encode(key.sign(statement(entries))).decode(),
    }
