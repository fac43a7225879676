// The typefaces a table uses, each laid out once while the player is still
// on the setup screen (one weight of one script per idle moment, hidden): a
// weight or a script met for the first time is looked up and loaded as the
// page is laid out, and the deal met most of them at once (its first frame
// spent ~40-50 ms of its layout there on the phone profile). One weight of
// every script at once was a task of ~50 ms there. Once the table shows
// cards, the warming stops: the deal has laid them out, and a probe then
// made the page lay out the whole new table in its idle moment. Once per
// page; motion.js's preload (the setup screen's) calls it.
const WEIGHTS = ["400", "600", "700", "800", "900"];
const SPECIMENS = [
  "<span>Aa 12 ●⌂…·×→ ♠♥♦♣</span> <small>Aa 12</small>",
  "<span>Ґї Жщ</span> <small>Ґї</small>",
  '<span>광끗단띠피</span> <span lang="ko">광끗단띠피</span> <small lang="ko">광끗</small>',
];
let warmed = false;

export function warmFonts() {
  if (warmed || !document.body) return;
  warmed = true;
  const idle = window.requestIdleCallback
    ? (fn) => window.requestIdleCallback(fn, { timeout: 3000 })
    : (fn) => setTimeout(fn, 100);
  const probes = WEIGHTS.flatMap((weight) => SPECIMENS.map((html) => [weight, html]));
  const next = () => {
    const probe = probes.shift();
    if (!probe || document.querySelector("#table [data-key]")) return;
    const [weight, html] = probe;
    const el = document.createElement("div");
    el.setAttribute("aria-hidden", "true");
    el.setAttribute("data-no-layout", "");   // motion.js: its coming and going moves no card
    el.style.cssText = `position:absolute;left:0;top:0;visibility:hidden;pointer-events:none;font-weight:${weight}`;
    el.innerHTML = html;
    document.body.appendChild(el);
    el.getBoundingClientRect();   // laid out now: the fonts are looked up and loaded
    el.remove();
    idle(next);
  };
  idle(next);
}
