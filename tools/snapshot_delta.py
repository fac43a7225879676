"""The shipped boot snapshot as a delta against the interpreter's own start.

A Pyodide memory snapshot is an image of the interpreter's WebAssembly
memory. Its first ~3.8 MB are where the module's data segments were written
when it was instantiated, and the running interpreter changed only ~2% of
them, so the snapshot carried a second copy of bytes every page downloads
anyway in ``pyodide.asm.wasm``: about 1.0 of the 4.0 MB of its Brotli copy.
The shipped file keeps that region XORed with the segments (zero where
nothing changed); the page restores it from the memory of the module it has
just instantiated, before Pyodide copies the snapshot in (``loadSnapshot``
in web/pyodide-boot.mjs, the same arithmetic as ``decode`` here).

Layout: a header of eight little-endian 32-bit words, then Pyodide's
snapshot with its memory's region [lo, hi) XORed and its magic number
zeroed, so that a delta nobody restored is refused by Pyodide, never run.

    MAGIC ("CRD1"), FORMAT, lo, hi, checksum, Pyodide's magic, 0, 0

``checksum`` is FNV-1a over the 32-bit words of the segments' image in
[lo, hi): the page checks the memory it restores from against it.
"""
import struct
from array import array

MAGIC = 0x31445243          # b"CRD1" read as a little-endian word
FORMAT = 1
HEADER = 32                 # bytes: keeps Pyodide's snapshot 16-byte aligned
MEMORY_OFFSET_WORD = 1      # Pyodide's header: word 1 is where the memory image starts


def _leb128(data, i, signed=False):
    """(value, index after it) of the LEB128 number at ``data[i]``."""
    result = shift = 0
    while True:
        byte = data[i]
        i += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            if signed and byte & 0x40:
                result -= 1 << shift
            return result, i


def data_segments(wasm):
    """[(offset, bytes)] of a WebAssembly module's data segments. Only
    active segments at constant offsets into memory 0 can be restored by
    the page; anything else raises ValueError."""
    if wasm[:4] != b"\0asm":
        raise ValueError("not a WebAssembly module")
    i = 8
    while i < len(wasm):
        section, i = wasm[i], i + 1
        size, i = _leb128(wasm, i)
        if section != 11:
            i += size
            continue
        count, i = _leb128(wasm, i)
        segments = []
        for _ in range(count):
            flags, i = _leb128(wasm, i)
            if flags != 0 or wasm[i] != 0x41:       # active, memory 0, i32.const offset
                raise ValueError("a data segment the page cannot restore (passive or not at a constant offset)")
            offset, i = _leb128(wasm, i + 1, signed=True)
            if wasm[i] != 0x0B:
                raise ValueError("a data segment offset that is not a single constant")
            length, i = _leb128(wasm, i + 1)
            segments.append((offset, wasm[i:i + length]))
            i += length
        return segments
    raise ValueError("the module has no data segments")


def initial_region(wasm):
    """(lo, hi, image): the memory a fresh instance of ``wasm`` holds in
    [lo, hi), both multiples of 4, as the data segments write it."""
    segments = data_segments(wasm)
    lo = min(offset for offset, _ in segments) & ~3
    hi = (max(offset + len(data) for offset, data in segments) + 3) & ~3
    image = bytearray(hi - lo)
    for offset, data in segments:
        image[offset - lo:offset - lo + len(data)] = data
    return lo, hi, bytes(image)


def checksum(region):
    """FNV-1a over the little-endian 32-bit words of ``region``."""
    words = array("I", region)
    if words.itemsize != 4:
        raise RuntimeError("array('I') is not 32-bit here")
    h = 0x811C9DC5
    for word in words:
        h = ((h ^ word) * 0x01000193) & 0xFFFFFFFF
    return h


def _xor(a, b):
    return (int.from_bytes(a, "little") ^ int.from_bytes(b, "little")).to_bytes(len(a), "little")


def encode(snapshot, wasm):
    """The delta form of Pyodide snapshot ``snapshot`` made with ``wasm``."""
    magic, memory_at = struct.unpack_from("<2I", snapshot)
    lo, hi, image = initial_region(wasm)
    start, end = memory_at + lo, memory_at + hi
    if memory_at % 4 or end > len(snapshot):
        raise ValueError("the snapshot's memory does not cover the data segments")
    body = bytearray(snapshot)
    body[start:end] = _xor(body[start:end], image)
    body[0:4] = bytes(4)
    header = struct.pack("<8I", MAGIC, FORMAT, lo, hi, checksum(image), magic, 0, 0)
    return header + bytes(body)


def decode(delta, wasm):
    """Pyodide's snapshot back from its delta form (what the page does, from
    the instantiated module's memory instead of ``wasm``)."""
    magic, fmt, lo, hi, expected, pyodide_magic = struct.unpack_from("<6I", delta)
    if magic != MAGIC or fmt != FORMAT:
        raise ValueError("not a boot snapshot delta of format %d" % FORMAT)
    lo2, hi2, image = initial_region(wasm)
    if (lo2, hi2) != (lo, hi) or checksum(image) != expected:
        raise ValueError("the delta was made against another interpreter")
    body = bytearray(delta[HEADER:])
    memory_at = struct.unpack_from("<I", body, 4 * MEMORY_OFFSET_WORD)[0]
    body[memory_at + lo:memory_at + hi] = _xor(body[memory_at + lo:memory_at + hi], image)
    body[0:4] = struct.pack("<I", pyodide_magic)
    return bytes(body)
