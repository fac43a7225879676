// Firefox ESR through WebDriver BiDi (puppeteer-core; no geckodriver): the
// site's boot, the boot snapshot stored and used on the next visit (a reload
// that resumes the game in progress), and one matgo hand played to its end. Driven by e2e/test_firefox.py:
//   node visit.mjs <site URL> <firefox binary> <profile folder> <BITMAPS_JS> <STRIP_JS>
// Prints one JSON line of findings (the test asserts on them); exits 1 with
// the error on any failure. Times are the driver's wall clock, in ms.
import { readFileSync } from "node:fs";
import puppeteer from "puppeteer-core";

const [base, executablePath, userDataDir, BITMAPS, STRIP] = process.argv.slice(2);
const NEXT = readFileSync(new URL("../browser_play.js", import.meta.url), "utf8");
const LONG = { timeout: 240_000, polling: 100 };
const found = { errors: [], offsite: [], csp: [], strip: [], stripHidden: 0 };

const browser = await puppeteer.launch({
  browser: "firefox", executablePath, userDataDir, headless: true,
  // A fresh profile per run; no update checks or telemetry off the machine.
  extraPrefsFirefox: { "app.update.enabled": false, "datareporting.policy.dataSubmissionEnabled": false,
                       "network.captive-portal-service.enabled": false, "browser.safebrowsing.malware.enabled": false,
                       "browser.safebrowsing.phishing.enabled": false },
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  page.on("pageerror", (e) => found.errors.push(String(e && e.message || e)));
  page.on("request", (r) => { if (!r.url().startsWith(base) && /^(https?|wss?):/.test(r.url())) found.offsite.push(r.url()); });
  const dataset = (key) => page.evaluate((k) => document.documentElement.dataset[k] ?? null, key);
  // Content-Security-Policy violations, gathered before each navigation.
  await page.evaluateOnNewDocument(() => {
    window.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const csp = async () => found.csp.push(...(await page.evaluate(() => window.__csp || [])));
  const visit = async (url) => {
    if (page.url().startsWith(base)) await csp();
    const t0 = Date.now();
    await page.goto(url);
    await page.waitForSelector("html[data-ready='1']", LONG);
    return { ms: Date.now() - t0, boot: await dataset("boot") };
  };
  const state = () => page.evaluate(() => JSON.parse(window.cardroomState()));
  // The table's next tap, once it accepts one (or {over}).
  const settled = async () => (await page.waitForFunction(`(() => { const n = ${NEXT}; return n.wait ? null : n; })()`, LONG)).jsonValue();
  // One tap through the driver (a real click), then wait until it took.
  const step = async () => {
    const next = await settled();
    if (next.over) return false;
    // No card in flight: one of the last drawing's may still fly over the
    // card to click, and a click at its centre would land on the flyer.
    await page.waitForFunction(() => !document.getAnimations().some((a) => a.playState === "running"
      && a.effect && a.effect.getComputedTiming().endTime !== Infinity), LONG);
    await page.click(next.sel);
    await page.waitForFunction(`(() => { const n = ${NEXT}; return n.over || n.token !== ${JSON.stringify(next.token)}; })()`, LONG);
    return true;
  };

  // First visit: a boot from the shipped snapshot; one move; that snapshot
  // is stored in the background. The reload then boots from the stored one
  // and resumes the game, and the hand is played to its end on that page.
  const game = base + "?game=matgo&seed=7&level=easy&lang=en&speed=fast";
  found.first = await visit(game);
  await page.click("[data-do=start]");
  await page.waitForSelector("#table .htable", LONG);
  await step();
  await settled();                                  // the computer has answered
  const before = await state();
  await page.waitForSelector("html[data-snapshot]", LONG);
  found.snapshot = await dataset("snapshot");
  found.snapshotWrite = await dataset("snapshotWrite");
  found.returning = await visit(game);
  found.snapshotRead = await dataset("snapshotRead");
  await settled();
  found.state = [before, await state()];
  found.moves = 1;
  // The rest of the hand on a phone's width, where the turn strip overflows:
  // after every tap its steps in view are whole, the newest, oldest first.
  await page.setViewport({ width: 390, height: 844 });
  while (await step()) {
    found.moves += 1;
    await settled();                                // the computer's turn shown in the strip
    const [wrong, hidden] = await page.evaluate(STRIP);
    if (wrong) found.strip.push(`move ${found.moves}: ${wrong}`);
    found.stripHidden += hidden > 0 ? 1 : 0;
  }
  found.over = await page.evaluate(() => !!document.querySelector("#table .dialog, #table .htable[data-terminal=true]"));
  found.bitmaps = !!(await page.waitForFunction(BITMAPS, LONG).catch(() => null));
  // The standard library a snapshot boot left out is written in afterwards.
  await page.waitForSelector("html[data-stdlib='complete']", LONG);
  found.stdlib = await page.evaluate(async () => (await (await import("./pyodide/boot.mjs")).start())
    .runPython("import fractions\nfractions.Fraction(2, 6).denominator"));
  await csp();
  console.log(JSON.stringify(found));
} catch (e) {
  console.error(e && e.stack || e);
  process.exitCode = 1;
} finally {
  await browser.close();
}
