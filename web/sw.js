// The offline cache: each file crosses the network once, in a private
// window too. The build fills in VERSION (a hash of every file) and SHELL:
// the files a game page can load (build.py offline_shell), each with its
// fetch integrity, so a copy that is not this release's is never kept.
//
// First visit: the page registers this worker as it starts and waits (a
// moment) for it to take control before it fetches the interpreter. Install
// downloads nothing, so that is quick; from then on the page's requests (and
// its workers': the boot snapshot worker) pass through here and are kept as
// they arrive. Once the page is ready it posts "fill": the rest of the shell
// is fetched with cache: "force-cache" (what the page fetched before this
// worker took control is in the HTTP cache) and the page is told
// {offline: "ready"}.
// Update (an older cardroom cache exists): install completes the new cache
// before it takes over, reusing every unchanged file of the old one.
// Rules pages and embed.html are kept once visited. Only same-origin GET
// requests are handled.
const VERSION = "__VERSION__";
const CACHE = "cardroom-" + VERSION;
const SHELL = __SHELL__;
// Query strings never change a file ("./?game=..." is still the page); the
// server's Vary: Accept-Encoding does not either (the body is stored decoded).
const MATCH = { ignoreSearch: true, ignoreVary: true };
const INTEGRITY = new Map(Object.entries(SHELL).map(([path, sri]) => [new URL(path, location).href, sri]));

// The shipped boot snapshot passes through: the page keeps its own copy.
const NOT_KEPT = /\/pyodide\/boot-snapshot-[^/]*$/;

function bare(url) {
  const u = new URL(url);
  return u.origin + u.pathname;
}

async function sri(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return "sha256-" + btoa(String.fromCharCode(...digest));
}

// A stored copy of ``res`` with its body checked against ``integrity``, or
// null. The body is stored decoded, so the encoding headers go.
async function checked(res, integrity) {
  const body = await res.arrayBuffer();
  if (integrity && (await sri(body)) !== integrity) return null;
  const headers = new Headers(res.headers);
  for (const h of ["content-encoding", "content-length", "vary"]) headers.delete(h);
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
}

async function oldCopy(url, integrity) {
  for (const name of await caches.keys()) {
    if (!name.startsWith("cardroom-") || name === CACHE) continue;
    const hit = await (await caches.open(name)).match(url, MATCH);
    const copy = hit && (await checked(hit, integrity));
    if (copy) return copy;
  }
  return null;
}

async function download(url, integrity) {
  for (const mode of ["force-cache", "no-cache"]) {   // the HTTP cache's copy, else the server's
    try {
      const res = await fetch(url, { cache: mode, integrity });
      if (res.ok) return await checked(res, null);
    } catch (e) { /* a stale copy fails the integrity check: ask the server */ }
  }
  throw new Error("offline cache: cannot fetch " + url);
}

// Puts every shell file that is not in the cache yet.
async function complete() {
  const cache = await caches.open(CACHE);
  await Promise.all([...INTEGRITY].map(async ([url, integrity]) => {
    if (await cache.match(url, MATCH)) return;
    await cache.put(url, (await oldCopy(url, integrity)) || (await download(url, integrity)));
  }));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const keys = await caches.keys();
    if (keys.some((k) => k.startsWith("cardroom-") && k !== CACHE)) await complete();
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(
      keys.filter((k) => k.startsWith("cardroom-") && k !== CACHE).map((k) => caches.delete(k))
    )).then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data !== "fill") return;
  const reply = (data) => event.source && event.source.postMessage(data);
  event.waitUntil(complete().then(() => reply({ offline: "ready" }),
    (e) => reply({ offline: "failed", error: String(e && e.message || e) })));
});

// Keeps a response that passed through: a shell file only if it is this
// release's (its integrity), any other file of the site as it is.
async function keep(url, res) {
  const copy = await checked(res, INTEGRITY.get(url));
  if (copy) await (await caches.open(CACHE)).put(url, copy);
}

// A file on its way through here (bare address -> its keeping): a request
// for it meanwhile under another query waits for that copy.
const passing = new Map();

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== location.origin || req.headers.has("range")) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const path = bare(req.url);
    let hit = await cache.match(req, MATCH);
    if (!hit && passing.has(path)) {
      await passing.get(path);
      hit = await cache.match(req, MATCH);
    }
    if (hit) return hit;
    // raster.js reads a face under "?key" to hash it: asked of the network,
    // that address sent the face a second time on a first visit; its own
    // address is in the HTTP cache (the page loaded the face).
    const res = await fetch(url.search === "?key=" ? new Request(path, { cache: "force-cache" }) : req);
    if (res.ok && res.type === "basic" && !NOT_KEPT.test(url.pathname)) {
      const kept = keep(path, res.clone()).catch(() => {}).finally(() => {
        if (passing.get(path) === kept) passing.delete(path);
      });
      passing.set(path, kept);
      event.waitUntil(kept);
    }
    return res;
  })());
});
