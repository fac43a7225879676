// What a player would tap next at the matgo table, for the WebKit and Firefox
// tests (e2e/test_webkit.py, e2e/firefox/visit.mjs), which click it through
// their driver: a decision button when the table asks (Stop at Go-Stop, the
// play button of a chosen card, else the first), else the first playable hand
// card, else Continue. Returns {over} when the hand has ended, {wait} while the
// table is busy, else {sel, token}: the move is done once the token changes.
(() => {
  const q = (s) => document.querySelector(s);
  const state = JSON.parse(window.cardroomState ? window.cardroomState() : "null");
  const actions = state ? state.actions : -1;
  const buttons = document.querySelectorAll("#table .decision [data-do=act]");
  const token = `${actions}|${buttons.length}|${!!q("#table [data-do=continue]")}`;
  if (q("#table .dialog, #table .htable[data-terminal=true]")) return { over: true, actions };
  if (document.documentElement.dataset.busy !== "0" || !q("#table .htable[data-waiting=human]"))
    return { wait: true, token };
  const pick = (sel) => (q(sel) ? { sel, token, actions } : null);
  return pick("#table .decision .stop-btn")
    || pick("#table .decision [data-do=act]")
    || pick("#table .hhand .card-btn:not([disabled])")
    || pick("#table [data-do=continue]")
    || { wait: true, token };
})()
