// IndexedDB that may be refused. PyScript opens an IndexedDB store while it
// boots (its package cache, which this site does not use) and stops dead
// when the browser refuses one: a cross-site iframe with third-party storage
// blocked, some private modes. Before PyScript asks, ensureIndexedDB() tries
// to open a database; when that fails it puts an in-memory stand-in in place
// of `indexedDB` for this page, with just what PyScript's store uses (open,
// one object store, get/getKey/getAllKeys/put/delete/clear/count). Nothing
// kept there outlives the page, which is all a refused store could give.

function later(request, result) {
  // Like a real request: the result arrives after the caller set its handlers.
  setTimeout(() => {
    request.result = result;
    if (request.onsuccess) request.onsuccess({ target: request, type: "success" });
  }, 0);
  return request;
}

class MemoryStore {
  constructor(map) { this.map = map; }
  get(key) { return later({}, this.map.get(key)); }
  getKey(key) { return later({}, this.map.has(key) ? key : undefined); }
  getAllKeys() { return later({}, [...this.map.keys()]); }
  getAll() { return later({}, [...this.map.values()]); }
  count() { return later({}, this.map.size); }
  put(value, key) { this.map.set(key, value); return later({}, key); }
  delete(key) { this.map.delete(key); return later({}, undefined); }
  clear() { this.map.clear(); return later({}, undefined); }
}

class MemoryDatabase {
  constructor(name) { this.name = name; this.stores = new Map(); }
  get objectStoreNames() {
    const names = [...this.stores.keys()];
    return { length: names.length, contains: (n) => this.stores.has(n), item: (i) => names[i] };
  }
  createObjectStore(name) {
    if (!this.stores.has(name)) this.stores.set(name, new Map());
    return new MemoryStore(this.stores.get(name));
  }
  transaction(names) {
    const first = [].concat(names)[0];
    return {
      objectStore: (name) => this.createObjectStore(name || first),
      commit() {}, abort() {},
    };
  }
  close() {}
}

export const memoryIndexedDB = {
  databases: new Map(),
  open(name) {
    const isNew = !this.databases.has(name);
    if (isNew) this.databases.set(name, new MemoryDatabase(name));
    const db = this.databases.get(name);
    const request = {};
    setTimeout(() => {
      request.result = db;
      if (isNew && request.onupgradeneeded) {
        const transaction = { oncomplete: null };
        request.onupgradeneeded({ target: { result: db, transaction }, type: "upgradeneeded" });
        setTimeout(() => transaction.oncomplete && transaction.oncomplete({ type: "complete" }), 0);
        return;  // PyScript resolves on the upgrade's oncomplete
      }
      if (request.onsuccess) request.onsuccess({ target: request, type: "success" });
    }, 0);
    return request;
  },
  deleteDatabase(name) { this.databases.delete(name); return later({}, undefined); },
};

// Resolves to "native" or "memory" (and never rejects).
export function ensureIndexedDB(probeName = "cardroom-probe") {
  const useMemory = (why) => {
    try {
      Object.defineProperty(globalThis, "indexedDB", { value: memoryIndexedDB, configurable: true, writable: true });
      console.info("IndexedDB refused (" + why + "): PyScript gets an in-memory store");
      return "memory";
    } catch (e) {
      return "native";  // nothing more we can do; PyScript reports its own error
    }
  };
  return new Promise((done) => {
    let settled = false;
    const resolve = (how) => { if (!settled) { settled = true; done(how); } };
    let request;
    try {
      if (typeof indexedDB === "undefined" || !indexedDB) return resolve(useMemory("missing"));
      request = indexedDB.open(probeName);
    } catch (e) {
      return resolve(useMemory(e && e.name || "error"));
    }
    request.onsuccess = () => { try { request.result.close(); } catch (e) { /* closed */ } resolve("native"); };
    request.onerror = (event) => { if (event && event.preventDefault) event.preventDefault(); resolve(useMemory("error")); };
    request.onblocked = () => resolve("native");
    // A browser that never answers (seen with some privacy add-ons) must not hold the boot.
    setTimeout(() => { if (!settled) resolve(useMemory("no answer")); }, 3000);
  });
}
