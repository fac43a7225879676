// Reads the stored boot snapshot (31 MB) from the Cache API off the page's
// main thread and hands its bytes over (transferred, not copied): read on
// the page, draining it from the cache took that thread ~0.2 s of a return
// visit on the phone profile, while PyScript was setting itself up there.
// pyodide-boot.mjs (readStored) starts it; it answers {found: true} as soon
// as the entry is known to exist, then {bytes} (null: none stored) or
// {error} (the page then reads it itself).
self.onmessage = async ({ data: { cache, url } }) => {
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
