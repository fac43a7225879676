"""The shipped boot snapshot's delta form (tools/snapshot_delta.py)."""
import struct

import pytest

from snapshot_samples import PYODIDE_MAGIC, SEGMENTS, sample, tiny_wasm
from tools import snapshot_delta as sd


def test_the_data_segments_are_read_at_their_offsets():
    assert sd.data_segments(tiny_wasm(SEGMENTS)) == SEGMENTS


def test_the_initial_region_spans_the_segments_on_word_bounds():
    lo, hi, image = sd.initial_region(tiny_wasm(SEGMENTS))
    assert (lo, hi) == (16, 216)             # 200 + 13 = 213, rounded up to a word
    assert image[:40] == bytes(range(1, 41)) and image[184:197] == b"\x09" * 13
    assert image[40:184] == bytes(144)


def test_decode_gives_back_the_snapshot():
    wasm, snapshot = sample()
    delta = sd.encode(snapshot, wasm)
    assert sd.decode(delta, wasm) == snapshot
    assert len(delta) == len(snapshot) + sd.HEADER


def test_the_delta_holds_only_what_the_program_changed_in_the_region():
    wasm, snapshot = sample()
    delta = sd.encode(snapshot, wasm)
    body = delta[sd.HEADER:]
    region = body[64 + 16:64 + 216]
    changed = [i + 16 for i, b in enumerate(region) if b]
    assert changed == [20, 205, 206]
    assert body[64 + 4000:64 + 4010] == b"0123456789"    # outside the region: as it was


def test_the_delta_hides_pyodides_magic_and_keeps_it_in_its_header():
    wasm, snapshot = sample()
    delta = sd.encode(snapshot, wasm)
    magic, fmt, lo, hi, checksum, pyodide_magic = struct.unpack_from("<6I", delta)
    assert (magic, fmt, lo, hi, pyodide_magic) == (sd.MAGIC, sd.FORMAT, 16, 216, PYODIDE_MAGIC)
    assert delta[sd.HEADER:sd.HEADER + 4] == bytes(4)
    assert checksum == sd.checksum(sd.initial_region(wasm)[2])


def test_checksum_is_fnv1a_over_words():
    assert sd.checksum(b"") == 0x811C9DC5
    assert sd.checksum(struct.pack("<I", 1)) == ((0x811C9DC5 ^ 1) * 0x01000193) & 0xFFFFFFFF


def test_a_delta_does_not_decode_against_another_interpreter():
    wasm, snapshot = sample()
    delta = sd.encode(snapshot, wasm)
    other = tiny_wasm([(16, bytes(range(2, 42))), SEGMENTS[1]])
    with pytest.raises(ValueError, match="another interpreter"):
        sd.decode(delta, other)
    with pytest.raises(ValueError, match="not a boot snapshot delta"):
        sd.decode(snapshot, wasm)


def test_segments_the_page_cannot_restore_are_refused():
    with pytest.raises(ValueError, match="passive"):
        sd.data_segments(tiny_wasm(SEGMENTS, passive=True))
    with pytest.raises(ValueError, match="not a WebAssembly module"):
        sd.data_segments(b"\0\0\0\0")
