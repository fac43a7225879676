"""The page restores the shipped snapshot's delta form (pyodide-boot.mjs
``loadSnapshot``) exactly as tools/snapshot_delta.py decodes it, from the
memory of the module as it is instantiated; a delta made against another
module's memory keeps Pyodide's magic number zeroed, so Pyodide refuses it.
(The real snapshot's boots are in test_boot_snapshot.py.)"""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from snapshot_samples import SEGMENTS, sample, tiny_wasm  # noqa: E402
from tools import snapshot_delta as sd  # noqa: E402

RESTORE = """async ([wasm, snapshot, how]) => {
    const { loadSnapshot } = await import('./pyodide/boot.mjs');
    const natives = [WebAssembly.instantiate, WebAssembly.instantiateStreaming];
    // A stand-in for loadPyodide: instantiates the module, then gives back
    // the bytes Pyodide would copy into its memory.
    const load = async (options) => {
        const bytes = new Uint8Array(wasm);
        if (how === 'streaming')
            await WebAssembly.instantiateStreaming(new Response(bytes, {headers: {'content-type': 'application/wasm'}}));
        else await WebAssembly.instantiate(bytes);
        return options._loadSnapshot;
    };
    const [given, image] = await loadSnapshot(load, {}, new Uint8Array(snapshot));
    return {image: Array.from(image), same: given === image,
            unwrapped: WebAssembly.instantiate === natives[0] && WebAssembly.instantiateStreaming === natives[1]};
}"""


@pytest.fixture
def lab(page, site):
    page.goto(site + "manifest.webmanifest")    # any document at the site's root
    return page


@pytest.mark.parametrize("how", ["streaming", "array"])
def test_a_delta_is_restored_as_the_interpreter_is_instantiated(lab, how):
    wasm, snapshot = sample()
    got = lab.evaluate(RESTORE, [list(wasm), list(sd.encode(snapshot, wasm)), how])
    assert bytes(got["image"]) == snapshot
    assert got["same"] and got["unwrapped"]


def test_a_delta_made_against_other_memory_is_left_for_pyodide_to_refuse(lab):
    wasm, snapshot = sample()
    other = tiny_wasm([(16, bytes(range(2, 42))), SEGMENTS[1]])
    got = lab.evaluate(RESTORE, [list(other), list(sd.encode(snapshot, wasm)), "array"])
    assert bytes(got["image"][:4]) == bytes(4)      # Pyodide: "Snapshot has invalid magic number"
    assert got["unwrapped"]


def test_a_plain_snapshot_is_passed_on_as_it_is(lab):
    wasm, snapshot = sample()
    got = lab.evaluate(RESTORE, [list(wasm), list(snapshot), "array"])
    assert bytes(got["image"]) == snapshot


SPARSE = """() => {
    return import('./pyodide/boot.mjs').then(({ copySparse }) => {
        const native = Object.getPrototypeOf(Int8Array.prototype).set;
        const sparse = copySparse(native);
        const PAGE = 4096, SIZE = (8 << 20) + 3 * PAGE + 3;        // over 8 MB, with a 3-byte tail
        const source = new Uint8Array(SIZE);
        source[5] = 1;                                              // page 0: not zeros
        source[7 * PAGE + PAGE - 1] = 9;                            // page 7: its last byte
        source.fill(4, SIZE - 2);                                   // the tail
        const fresh = () => {
            const memory = new Int8Array(new WebAssembly.Memory({ initial: 160 }).buffer);
            memory[3 * PAGE + 17] = 42;                             // not zeros where the source is (a data segment)
            memory[SIZE + 5] = 7;                                   // beyond the copy
            return memory;
        };
        const want = fresh(), got = fresh();
        native.call(want, source);
        sparse.call(got, source);
        let same = want.length === got.length;
        for (let i = 0; same && i < want.length; i++) same = want[i] === got[i];
        // other calls are the native one's: an offset, a small array
        const small = new Int8Array(8);
        sparse.call(small, [1, 2, 3], 4);
        return { same, cleared: got[3 * PAGE + 17], kept: got[SIZE + 5], tail: got[SIZE - 1],
                 small: Array.from(small) };
    });
}"""


def test_the_snapshot_copy_skips_zeros_only_where_memory_is_zero(lab):
    got = lab.evaluate(SPARSE)
    assert got == {"same": True, "cleared": 0, "kept": 7, "tail": 4, "small": [0, 0, 0, 0, 1, 2, 3, 0]}


def test_pyodide_copies_a_snapshot_with_the_sparse_copy_and_only_while_it_loads(lab):
    got = lab.evaluate("""async () => {
        const { loadSnapshot } = await import('./pyodide/boot.mjs');
        let during = null;
        const native = Object.getPrototypeOf(Int8Array.prototype).set;
        const load = async (options) => { during = Int8Array.prototype.set !== native; return options._loadSnapshot; };
        await loadSnapshot(load, {}, new Uint8Array(64));
        return [during, Object.prototype.hasOwnProperty.call(Int8Array.prototype, 'set')];
    }""")
    assert got == [True, False]      # replaced while loading; inherited again afterwards
