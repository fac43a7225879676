// The typefaces a table uses, each laid out once while the player is still
// on the setup screen (one weight per idle moment, hidden): a weight or a
// script met for the first time is looked up and loaded as the page is laid
// out, and the deal met most of them at once (its first frame spent ~40-50
// ms of its layout there on the phone profile). Once per page; motion.js's
// preload (the setup screen's) calls it.
const WEIGHTS = ["400", "600", "700", "800", "900"];
const SPECIMEN = "Aa 12 Ґї 광끗단띠피 ●⌂…·×→ ♠♥♦♣";
let warmed = false;

export function warmFonts() {
  if (warmed || !document.body) return;
  warmed = true;
  const idle = window.requestIdleCallback
    ? (fn) => window.requestIdleCallback(fn, { timeout: 3000 })
    : (fn) => setTimeout(fn, 100);
  const weights = [...WEIGHTS];
  const next = () => {
    const weight = weights.shift();
    if (!weight) return;
    const probe = document.createElement("div");
    probe.setAttribute("aria-hidden", "true");
    probe.style.cssText = `position:absolute;left:0;top:0;visibility:hidden;pointer-events:none;font-weight:${weight}`;
    probe.innerHTML = `<span>${SPECIMEN}</span> <small>${SPECIMEN}</small> <span lang="ko">${SPECIMEN}</span>`;
    document.body.appendChild(probe);
    probe.getBoundingClientRect();   // laid out now: the fonts are looked up and loaded
    probe.remove();
    idle(next);
  };
  idle(next);
}

