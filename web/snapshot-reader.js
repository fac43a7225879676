// Reads (or stores) the boot snapshot (31 MB) in the Cache API off the page's
// main thread and hands its bytes over (transferred, not copied): read on
// the page, draining it from the cache took that thread ~0.2 s of a return
// visit on the phone profile, while PyScript was setting itself up there.
// pyodide-boot.mjs (readStored) starts it; it answers {found: true} as soon
// as the entry is known to exist, then {bytes} (null: none stored) or
// {error} (the page then reads it itself).
// Given {write: bytes} (transferred), it stores them instead, as the
// device's own after a boot from the shipped snapshot: putting 31 MB took
// the page's thread ~0.23 s of a first visit's idle time on the phone
// profile. It answers {stored: true} once the write has resolved, or
// {error, write} with the bytes handed back (the page then stores them
// itself), and closes itself: it is never terminated, which in WebKit
// could lose the entry.
// (bytes: {write: ArrayBuffer, offset, length}, the view the page holds;
// the page first asks {hello} and transfers them once answered, so that a
// worker that cannot start leaves the bytes on the page)
self.onmessage = async ({ data: { cache, url, hello, write, offset, length } }) => {
  if (hello) {
    self.postMessage({ hello: true });
    return;
  }
  if (write) {
    try {
      await caches.delete(cache);         // older releases' snapshots go with it
      await (await caches.open(cache)).put(url, new Response(new Uint8Array(write, offset, length), {
        headers: { "content-type": "application/octet-stream" } }));
      self.postMessage({ stored: true });
    } catch (e) {
      self.postMessage({ error: String((e && e.message) || e), write, offset, length }, [write]);
    }
    self.close();
    return;
  }
  try {
    const hit = await (await caches.open(cache)).match(url);
    if (!hit) {
      self.postMessage({ bytes: null });
      return;
    }
    self.postMessage({ found: true });
    const bytes = await hit.arrayBuffer();
    self.postMessage({ bytes }, [bytes]);
  } catch (e) {
    self.postMessage({ error: String((e && e.message) || e) });
  }
};
