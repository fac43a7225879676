"""A tiny WebAssembly module and a Pyodide-shaped snapshot of its memory,
for the snapshot delta's tests (tests/test_snapshot_delta.py, and the
browser's side in e2e/test_snapshot_delta_restore.py)."""
import struct

PYODIDE_MAGIC = 0x0BAD5EED
PAGE = 65536


def uleb(n):
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def sleb(n):
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        done = (n == 0 and not byte & 0x40) or (n == -1 and byte & 0x40)
        out.append(byte | (0 if done else 0x80))
        if done:
            return bytes(out)


def section(kind, body):
    return bytes([kind]) + uleb(len(body)) + body


def tiny_wasm(segments, passive=False):
    """A module with one page of memory, exported as "memory", and data
    ``segments`` [(offset, bytes)], active unless ``passive``."""
    data = uleb(len(segments))
    for offset, payload in segments:
        head = b"\x01" if passive else b"\x00\x41" + sleb(offset) + b"\x0b"
        data += head + uleb(len(payload)) + payload
    return (b"\0asm\x01\0\0\0" + section(5, b"\x01\x00\x01")
            + section(7, b"\x01\x06memory\x02\x00") + section(11, data))


def tiny_snapshot(memory, memory_at=64):
    """Pyodide's layout: magic, where the memory starts, a JSON length, 0,
    a build id, JSON (here none), then the memory image."""
    header = struct.pack("<4I", PYODIDE_MAGIC, memory_at, 2, 0) + b"\x11" * 32
    return header + b"{}".ljust(memory_at - len(header), b"\0") + bytes(memory)


SEGMENTS = [(16, bytes(range(1, 41))), (200, b"\x09" * 13)]


def sample():
    """(wasm, snapshot): the running program changed a few of its data
    segments' bytes and wrote some memory of its own."""
    wasm = tiny_wasm(SEGMENTS)
    memory = bytearray(PAGE)
    for offset, payload in SEGMENTS:
        memory[offset:offset + len(payload)] = payload
    memory[20] = 0xEE
    memory[205:207] = b"\x42\x43"
    memory[4000:4010] = b"0123456789"
    return wasm, tiny_snapshot(memory)
