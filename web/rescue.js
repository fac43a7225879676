// The watchdog: plain JavaScript, because the thing it watches for is
// Python not starting or dying. The page is "ready" when Python sets
// <html data-ready="1">; if that has not happened after a generous time, or
// Python reported an error while booting, or the interpreter died later, a
// panel offers "Reload" and "Start over" (which deletes this site's saved
// games and settings after the player confirms). The embedded board saves
// nothing, so it offers Reload and tells its parent page. A browser that
// cannot run Python at all (no WebAssembly or no Worker: PyScript throws
// as it loads) is told so at once, with no buttons: nothing here would help.
// No game rule lives here.

const root = document.documentElement;
const embedded = root.dataset.embed === "1";
// Tests shorten the wait by setting cardroomWatchdogMs before the page loads.
// 60 s: a first visit on the phone profile (CPU x4, 9 Mbps) took ~35 s here.
const WAIT_MS = Number(globalThis.cardroomWatchdogMs) || 60000;
const STORAGE_PREFIX = "cardroom.";
const SNAPSHOT_CACHE = "snapshot-cardroom";

const TEXT = {
  en: {
    slow: "The card room is taking long to start.",
    error: "The card room could not start.",
    died: "The game engine stopped working.",
    unsupported: "This browser cannot run the card room (it lacks WebAssembly or Web Workers). Please open it in a current browser.",
    reload: "Reload",
    startOver: "Start over",
    confirm: "Start over deletes your saved games and settings on this site. Continue?",
    yes: "Delete and start over",
    cancel: "Cancel",
  },
  ko: {
    slow: "카드방을 여는 데 시간이 오래 걸리고 있습니다.",
    error: "카드방을 시작하지 못했습니다.",
    died: "게임 엔진이 멈췄습니다.",
    unsupported: "이 브라우저에서는 카드방을 실행할 수 없습니다(WebAssembly 또는 Web Worker가 없습니다). 최신 브라우저에서 열어 주세요.",
    reload: "새로 고침",
    startOver: "처음부터 다시",
    confirm: "처음부터 다시 하면 이 사이트에 저장된 게임과 설정이 삭제됩니다. 계속할까요?",
    yes: "삭제하고 다시 시작",
    cancel: "취소",
  },
  uk: {
    slow: "Картярня запускається надто довго.",
    error: "Не вдалося запустити картярню.",
    died: "Ігровий рушій перестав працювати.",
    unsupported: "Цей браузер не може запустити картярню (у ньому немає WebAssembly або Web Workers). Відкрийте її в сучасному браузері.",
    reload: "Перезавантажити",
    startOver: "Почати заново",
    confirm: "«Почати заново» видалить збережені ігри та налаштування на цьому сайті. Продовжити?",
    yes: "Видалити й почати заново",
    cancel: "Скасувати",
  },
};

function language() {
  const wanted = [root.dataset.lang, new URLSearchParams(location.search).get("lang")];
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_PREFIX + "settings") || "{}");
    wanted.push(stored && typeof stored.lang === "string" ? stored.lang : null);
  } catch (e) { /* storage refused or unreadable: not needed here */ }
  wanted.push(...(navigator.languages || []));
  for (const code of wanted) {
    const short = typeof code === "string" ? code.toLowerCase().split("-")[0] : "";
    if (TEXT[short]) return short;
  }
  return "en";
}

function isReady() {
  return root.dataset.ready === "1";
}

// Is Python still answering? (A Pyodide that died throws on every call.)
function pythonAlive() {
  try {
    return typeof window.cardroomPing === "function" && window.cardroomPing() === "ok";
  } catch (e) {
    return false;
  }
}

function startOver() {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key && key.startsWith(STORAGE_PREFIX)) localStorage.removeItem(key);
    }
  } catch (e) { /* storage refused: there was nothing saved */ }
  const done = () => location.assign(location.pathname);  // the address may be the trouble too
  try {
    caches.delete(SNAPSHOT_CACHE).then(done, done);
  } catch (e) {
    done();
  }
}

let panel = null;

function button(label, onClick, primary) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = primary ? "btn primary" : "btn";
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

function showPanel(reason) {
  if (panel) return;
  const t = TEXT[language()];
  root.dataset.rescue = reason;
  panel = document.createElement("div");
  panel.className = "rescue";
  panel.setAttribute("role", "alertdialog");
  panel.setAttribute("aria-labelledby", "rescue-text");
  const text = document.createElement("p");
  text.id = "rescue-text";
  text.textContent = t[reason];
  const actions = document.createElement("div");
  actions.className = "rescue-actions";
  if (reason !== "unsupported") actions.append(button(t.reload, () => location.reload(), true));
  if (!embedded && reason !== "unsupported") {
    actions.append(button(t.startOver, () => {
      text.textContent = t.confirm;
      actions.replaceChildren(
        button(t.yes, startOver, true),
        button(t.cancel, () => { text.textContent = t[reason]; actions.replaceChildren(...first); }));
      actions.firstChild.focus();
    }));
  }
  const first = [...actions.childNodes];
  panel.append(text);
  if (first.length) panel.append(actions);
  else panel.tabIndex = -1;   // nothing to press: the panel itself takes focus
  document.body.append(panel);
  (first[0] || panel).focus();
  if (embedded && window.parent !== window) {
    window.parent.postMessage({ source: "cardroom", type: "error", token: null, message: "the board could not start (" + reason + ")" }, "*");
  }
}

function hidePanel() {
  if (panel && root.dataset.rescue === "slow") {
    panel.remove();
    panel = null;
    delete root.dataset.rescue;
  }
}

// 0. This browser cannot run Python: said at once, not after the wait.
if (typeof WebAssembly !== "object" || typeof Worker !== "function") showPanel("unsupported");

// 1. Not ready in a generous time: offer a way out, but keep booting (a slow
//    network may still get there; then the panel goes away).
setTimeout(() => { if (!isReady()) showPanel("slow"); }, WAIT_MS);
new MutationObserver(() => { if (isReady()) hidePanel(); })
  .observe(root, { attributes: true, attributeFilter: ["data-ready"] });

// 2. Python reported an error (PyScript writes it into a .py-error element):
//    while booting, the page will not get ready by itself; later, only a
//    dead interpreter needs the panel (the page reports its own errors).
function onPythonError() {
  if (!isReady()) {
    setTimeout(() => { if (!isReady()) showPanel("error"); }, 1500);
  } else if (!pythonAlive()) {
    showPanel("died");
  }
}
new MutationObserver((records) => {
  for (const r of records) {
    for (const node of r.addedNodes) {
      if (node.classList && node.classList.contains("py-error")) { onPythonError(); return; }
    }
  }
}).observe(document.body, { childList: true });   // PyScript appends them to <body>

// 3. An uncaught error or rejection: once the page is up, ask Python whether
//    it still answers (a dead interpreter throws on every call, and every
//    tap on the table then ends here); while booting, an interpreter's
//    fatal error means it will never get ready.
const FATAL = /fatal error|fatally failed|PythonError/i;
function onUncaught(message) {
  if (isReady()) {
    if (!pythonAlive()) showPanel("died");
  } else if (FATAL.test(message)) {
    onPythonError();
  }
}
addEventListener("error", (e) => onUncaught(String(e && e.message)));
addEventListener("unhandledrejection", (e) => {
  const r = e && e.reason;
  onUncaught(String(r && (r.message || r)));
});
