// The table redrawn in place (every game): the Python tables write the
// table as HTML, and `patch()` makes the page's table that markup while
// keeping every element that is still there (see below). motion.js calls it
// between measuring the cards and flying them; the page reaches it through
// `window.cardroomMotion.patch` and `.forget`.
import * as raster from "./raster.js";

// Redraws `root` as `markup` keeping every element that is still there, so
// a redraw lays out, paints and rasterizes only what changed (replacing the
// whole table's HTML repainted it all at every move: the phone dropped most
// frames of each flight). A card (`data-key`) keeps its element wherever it
// goes; other nodes are matched by position and tag within their parent.
// Form fields are always new, as with innerHTML (their state is the markup's).
const FRESH = new Set(["INPUT", "SELECT", "TEXTAREA"]);

function keyOf(node) {
  return node.nodeType === 1 ? node.getAttribute("data-key") : null;
}

function syncNode(el, src, keyed) {
  if (el.nodeType !== 1) {
    if (el.nodeValue !== src.nodeValue) el.nodeValue = src.nodeValue;
    return;
  }
  // Already its markup (most of a part that changed: the cards that stayed):
  // one comparison in the browser, not a walk over it in script (the walk
  // was most of a redraw's script on a slow phone).
  if (el.isEqualNode(src)) return;
  for (const a of [...el.attributes]) if (!src.hasAttribute(a.name)) el.removeAttribute(a.name);
  for (const a of src.attributes) if (el.getAttribute(a.name) !== a.value) el.setAttribute(a.name, a.value);
  syncChildren(el, src, keyed);
}

// A new node keeps the cards it holds that were on the table.
function adopt(node, keyed) {
  for (const d of node.querySelectorAll("[data-key]")) {
    const was = keyed.get(d.getAttribute("data-key"));
    if (!was || was.nodeName !== d.nodeName || !node.contains(d)) continue;
    keyed.delete(d.getAttribute("data-key"));
    syncNode(was, d, keyed);
    d.replaceWith(was);
  }
}

// A wrapper with a `data-slot` (the <li> around a card in a hand, a month's
// group on the field) is matched by its slot among its parent's children,
// not by position: when a card leaves a hand, the other cards keep their
// wrappers instead of each moving into the one before it.
function slotOf(node) {
  return node.nodeType === 1 ? node.getAttribute("data-slot") : null;
}

function syncChildren(parent, source, keyed) {
  const old = [...parent.childNodes];
  const slots = new Map();
  for (const node of old) if (slotOf(node) !== null) slots.set(slotOf(node), node);
  let oi = 0;
  const result = [];
  for (const node of [...source.childNodes]) {
    let keep = null;
    const key = keyOf(node);
    const slot = slotOf(node);
    if (key !== null) {
      const was = keyed.get(key);
      if (was && was.nodeName === node.nodeName) {
        keyed.delete(key);
        keep = was;
      }
    } else if (slot !== null) {
      const was = slots.get(slot);
      if (was && was.nodeName === node.nodeName && was.parentNode === parent) {
        slots.delete(slot);
        keep = was;
      }
    } else if (!FRESH.has(node.nodeName)) {
      while (oi < old.length && (keyOf(old[oi]) !== null || slotOf(old[oi]) !== null
                                 || old[oi].parentNode !== parent)) oi++;
      if (oi < old.length && old[oi].nodeType === node.nodeType && old[oi].nodeName === node.nodeName) keep = old[oi++];
    }
    if (keep) syncNode(keep, node, keyed);
    else if (node.nodeType === 1) adopt(node, keyed);
    result.push(keep || node);
  }
  // The children that go are taken out first: moving a node that stays
  // re-creates its layout object and repaints it (a card's image is an SVG,
  // costly to paint on a slow phone), and every card after a removed one
  // used to be moved. Now only new and reordered nodes are.
  const kept = new Set(result);
  for (const node of old) if (!kept.has(node) && node.parentNode === parent) node.remove();
  // Children before `cursor` are result's first items, in order.
  let cursor = parent.firstChild;
  for (const node of result) {
    if (node === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(node, cursor);
  }
  while (cursor) {
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}

// A table drawn in parts: its markup is its element's opening tag, each
// part (one element, or nothing) and its closing tag, with PART between
// them. When the parts are laid out as in the last drawing, only the parts
// whose markup changed are parsed and patched (a move changes two or three
// of ten: the parsing and the walk over the rest were most of a redraw on
// a slow phone), and the table element's own attributes are synced. A part
// may be drawn in parts of its own the same way, with the next level's
// marker (`<!--part1-->`, `<!--part2-->`: a seat's head apart from its piles).
const PART = "<!--part-->";
let drawn = null;   // [the root patched, its parts as last drawn]

function marker(level) {
  return level ? `<!--part${level}-->` : PART;
}

function fragment(markup) {
  const tpl = document.createElement("template");
  tpl.innerHTML = markup;
  raster.rewrite(tpl.content);   // faces made into bitmaps are shown as such
  return tpl.content;
}

function patchParts(root, parts, keyed, styled) {
  if (!drawn || drawn[0] !== root) return false;
  const host = root.firstElementChild;
  if (!host || root.childNodes.length !== 1) return false;
  return patchHost(host, parts, drawn[1], keyed, 0, styled);
}

// `host` was drawn from `last` (its nodes: a marker before each part and
// after the last, an element for each part that has one); makes it
// `parts`. False, with nothing changed, when they are not laid out alike.
function patchHost(host, parts, last, keyed, level, styled) {
  if (parts.length !== last.length) return false;
  let nodes = 0;
  for (let i = 1; i < parts.length - 1; i++) {
    if (!parts[i] !== !last[i]) return false;
    nodes += parts[i] ? 2 : 1;
  }
  if (host.childNodes.length !== nodes + 1) return false;
  const head = fragment(parts[0] + parts[parts.length - 1]).firstElementChild;
  if (!head || head.nodeName !== host.nodeName) return false;
  for (const a of [...host.attributes]) if (!head.hasAttribute(a.name)) host.removeAttribute(a.name);
  for (const a of head.attributes) if (host.getAttribute(a.name) !== a.value) host.setAttribute(a.name, a.value);
  let index = 0;
  const olds = [...host.children];
  const inner = marker(level + 1);
  for (let i = 1; i < parts.length - 1; i++) {
    if (!parts[i]) continue;
    const old = olds[index++];
    // Unchanged, unless a card still flying in it wears the flight's style.
    if (parts[i] === last[i] && !styled.some((el) => old.contains(el))) continue;
    if (parts[i].includes(inner) && last[i].includes(inner)
        && patchHost(old, parts[i].split(inner), last[i].split(inner), keyed, level + 1, styled)) continue;
    const src = fragment(parts[i]);
    const el = src.firstElementChild;
    if (el && src.childNodes.length === 1 && el.nodeName === old.nodeName) {
      syncNode(old, el, keyed);
    } else {
      for (const node of src.childNodes) if (node.nodeType === 1) adopt(node, keyed);
      old.replaceWith(src);
    }
  }
  return true;
}

// The indices of the parts (between the opening and closing tags) that
// have an element, in order: the host's children.
function withElements(parts) {
  const out = [];
  for (let i = 1; i < parts.length - 1; i++) if (parts[i]) out.push(i);
  return out;
}

// The page changed the table itself (a tapped card, a button's words): the
// next redraw patches the parts holding `nodes` in full (every part when
// none is given), so the table is its markup again. Only those: after a
// tap, a redraw of every part was a 25-45 ms task on a slow phone.
export function forget(...nodes) {
  const host = drawn && drawn[0].firstElementChild;
  if (!host || !nodes.length) {
    drawn = null;
    return;
  }
  const last = drawn[1];
  for (const node of nodes) {
    let el = node;
    while (el && el.parentNode !== host) el = el.parentNode;
    // its part: the k-th of the parts that have an element
    const k = el ? [...host.children].indexOf(el) : -1;
    const part = k < 0 ? undefined : withElements(last)[k];
    if (part === undefined) {
      drawn = null;
      return;
    }
    last[part] = "\0";   // never drawn: unlike any markup
  }
}

// `styled`: the cards that wear a style not in their markup (motion.js's
// flight): the parts holding them are patched even when unchanged.
export function patch(root, markup, styled) {
  root = root || document.getElementById("table");
  if (!root) return;
  const keyed = new Map();
  for (const el of root.querySelectorAll("[data-key]")) keyed.set(el.getAttribute("data-key"), el);
  const parts = markup.split(PART);
  if (parts.length > 2 && patchParts(root, parts, keyed, styled || [])) {
    drawn = [root, parts];
  } else {
    syncChildren(root, fragment(markup), keyed);
    drawn = parts.length > 2 ? [root, parts] : null;
  }
  raster.drawn();
}
