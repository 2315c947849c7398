// render.mjs: the page's first frame, drawn by the page itself at build
// time. It runs app.wasm (the page's own Go program: the engine, the
// Store and the Vecty components of site/ui) in Node over a small
// document that records what the program builds, and prints the <body>
// that vecty.RenderBody would have put in the browser, as HTML. Nothing
// is drawn twice: the markup is the page's own first render.
//
//   node render.mjs WASM_EXEC_JS APP_WASM < jobs.json > out.json
//
// jobs.json is [{"url": "http://kplay.local/embed.html?preset=x", "width": 1280}, …];
// out.json is [{"body": "<body …>…</body>", "error": ""}, …] in the same order.
// Each job gets a fresh document and a fresh instance of the program; the
// animation frames the program asks for never come, so what is printed is
// its first render, before any tick of the clock.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const [wasmExec, appWasm] = process.argv.slice(2);
const jobs = JSON.parse(readFileSync(0, "utf8"));

// ---- the document -------------------------------------------------------

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
// Properties Vecty sets (vecty.Property, prop.*) and the attributes they
// reflect in HTML.
const REFLECT = { id: "id", type: "type", value: "value", checked: "checked", disabled: "disabled", htmlFor: "for",
  placeholder: "placeholder", readOnly: "readonly", selected: "selected", title: "title", href: "href", name: "name",
  tabIndex: "tabindex", min: "min", max: "max", step: "step", hidden: "hidden", open: "open", multiple: "multiple",
  rows: "rows", cols: "cols", spellcheck: "spellcheck", autocomplete: "autocomplete", className: "class" };

// What a fresh element's reflected properties read before they are set.
const DEFAULTS = { value: "", checked: false, disabled: false, selected: false, readOnly: false, hidden: false, id: "", type: "", title: "" };

class FakeNode {
  constructor() { this.childNodes = []; this.parentNode = null; }
  get firstChild() { return this.childNodes[0] || null; }
  get lastChild() { return this.childNodes[this.childNodes.length - 1] || null; }
  get nextSibling() {
    const p = this.parentNode;
    if (!p) { return null; }
    return p.childNodes[p.childNodes.indexOf(this) + 1] || null;
  }
  get previousSibling() {
    const p = this.parentNode;
    if (!p) { return null; }
    return p.childNodes[p.childNodes.indexOf(this) - 1] || null;
  }
  appendChild(c) { return this.insertBefore(c, null); }
  insertBefore(c, ref) {
    if (c.parentNode) { c.parentNode.removeChild(c); }
    const i = ref ? this.childNodes.indexOf(ref) : -1;
    if (i < 0) { this.childNodes.push(c); } else { this.childNodes.splice(i, 0, c); }
    c.parentNode = this;
    return c;
  }
  removeChild(c) {
    const i = this.childNodes.indexOf(c);
    if (i >= 0) { this.childNodes.splice(i, 1); }
    c.parentNode = null;
    return c;
  }
  replaceChild(n, o) {
    this.insertBefore(n, o);
    this.removeChild(o);
    if (this.ownerDocument && this.ownerDocument.onReplaced) { this.ownerDocument.onReplaced(n, o); }
    return o;
  }
  remove() { if (this.parentNode) { this.parentNode.removeChild(this); } }
  addEventListener() {}
  removeEventListener() {}
  dispatchEvent() { return true; }
  contains(n) { for (; n; n = n.parentNode) { if (n === this) { return true; } } return false; }
  get textContent() { return this.childNodes.map((c) => c.textContent).join(""); }
}

class Text extends FakeNode {
  constructor(t) { super(); this.nodeValue = String(t); this.nodeName = "#text"; this.nodeType = 3; }
  get textContent() { return this.nodeValue; }
  set textContent(t) { this.nodeValue = String(t); }
  get data() { return this.nodeValue; }
}

class ClassList {
  constructor() { this.tokens = []; }
  add(...ts) { for (const t of ts) { if (!this.tokens.includes(t)) { this.tokens.push(t); } } }
  remove(...ts) { this.tokens = this.tokens.filter((t) => !ts.includes(t)); }
  contains(t) { return this.tokens.includes(t); }
  toggle(t, force) {
    const on = force === undefined ? !this.contains(t) : !!force;
    if (on) { this.add(t); } else { this.remove(t); }
    return on;
  }
  get length() { return this.tokens.length; }
  item(i) { return this.tokens[i] ?? null; }
  toString() { return this.tokens.join(" "); }
}

class Style {
  constructor() { this.props = new Map(); }
  setProperty(k, v) { this.props.set(k, String(v)); }
  removeProperty(k) { this.props.delete(k); }
  getPropertyValue(k) { return this.props.get(k) ?? ""; }
  toString() { return [...this.props].map(([k, v]) => k + ": " + v + ";").join(" "); }
}

const kebab = (s) => s.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());

class Element extends FakeNode {
  constructor(doc, tag, ns) {
    super();
    this.ownerDocument = doc;
    this.namespaceURI = ns || "http://www.w3.org/1999/xhtml";
    this.localName = ns ? tag : tag.toLowerCase();
    this.nodeName = this.tagName = ns ? tag : tag.toUpperCase();
    this.nodeType = 1;
    this.attrs = new Map();
    this.classList = new ClassList();
    this.style = new Style();
    this.props = {};
    this.rawHTML = null;
    const attrs = this.attrs;
    this.dataset = new Proxy({}, {
      set(_, k, v) { attrs.set("data-" + kebab(String(k)), String(v)); return true; },
      get(_, k) { return attrs.get("data-" + kebab(String(k))); },
      deleteProperty(_, k) { attrs.delete("data-" + kebab(String(k))); return true; },
    });
  }
  setAttribute(k, v) {
    if (k === "class") { this.classList.tokens = String(v).split(/\s+/).filter(Boolean); return; }
    this.attrs.set(k, String(v));
  }
  getAttribute(k) { return k === "class" ? this.classList.toString() : (this.attrs.get(k) ?? null); }
  hasAttribute(k) { return this.attrs.has(k); }
  removeAttribute(k) { if (k === "class") { this.classList.tokens = []; } this.attrs.delete(k); }
  set innerHTML(h) { this.childNodes = []; this.rawHTML = String(h); }
  get innerHTML() { return this.rawHTML ?? this.childNodes.map(serialize).join(""); }
  getBoundingClientRect() { return { x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0 }; }
  querySelector(sel) { return query(this, sel); }
  querySelectorAll() { return []; }
  focus() {}
  blur() {}
  get scrollHeight() { return 0; }
  get clientWidth() { return 0; }
}
// Reflected properties: what Vecty sets with node[name] = value becomes the
// attribute the parser would read back.
for (const p of Object.keys(REFLECT)) {
  Object.defineProperty(Element.prototype, p, {
    get() {
      if (p in this.props) { return this.props[p]; }
      return p === "className" ? this.classList.toString() : DEFAULTS[p];
    },
    set(v) {
      if (p === "className") { this.setAttribute("class", v); return; }
      this.props[p] = v;
    },
  });
}

function query(root, sel) {
  const match = (el) => {
    if (sel === el.localName) { return true; }
    if (sel[0] === "#") { return (el.props.id ?? el.attrs.get("id")) === sel.slice(1); }
    if (sel[0] === ".") { return el.classList.contains(sel.slice(1)); }
    return false;
  };
  const walk = (n) => {
    for (const c of n.childNodes) {
      if (!(c instanceof Element)) { continue; }
      if (match(c)) { return c; }
      const r = walk(c);
      if (r) { return r; }
    }
    return null;
  };
  return walk(root);
}

const escText = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\u00a0/g, "&nbsp;");
const escAttr = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/\u00a0/g, "&nbsp;");

// serialize writes n as the HTML parser reads it back.
function serialize(n) {
  if (n instanceof Text) {
    const p = n.parentNode;
    if (p && (p.localName === "script" || p.localName === "style")) { return n.nodeValue; }
    return escText(n.nodeValue);
  }
  const tag = n.localName;
  const attrs = [];
  if (n.classList.length) { attrs.push(["class", n.classList.toString()]); }
  for (const [k, v] of n.attrs) { attrs.push([k, v]); }
  let text = null;
  for (const [p, v] of Object.entries(n.props)) {
    const a = REFLECT[p];
    if (p === "value" && tag === "textarea") { text = String(v); continue; }
    if (p === "value" && tag === "select") { continue; }
    if (typeof v === "boolean") {
      if (v) { attrs.push([a, ""]); }
    } else if (v !== undefined && v !== null) {
      attrs.push([a, String(v)]);
    }
  }
  let s = "<" + tag + attrs.map(([k, v]) => " " + k + (v === "" && typeof n.props[k] === "boolean" ? "" : '="' + escAttr(v) + '"')).join("");
  if (n.style.props.size) { s += ' style="' + escAttr(n.style.toString()) + '"'; }
  s += ">";
  if (VOID.has(tag) && n.namespaceURI === "http://www.w3.org/1999/xhtml") { return s; }
  let inner = text !== null ? escText(text) : (n.rawHTML ?? n.childNodes.map(serialize).join(""));
  // The parser drops one newline right after <pre> or <textarea>.
  if ((tag === "pre" || tag === "textarea") && inner.startsWith("\n")) { inner = "\n" + inner; }
  return s + inner + "</" + tag + ">";
}

class HTMLDocument extends FakeNode {
  constructor() {
    super();
    this.nodeName = "#document";
    this.readyState = "complete";
    this.hidden = false;
    this.visibilityState = "visible";
    this.title = "";
    this.documentElement = new Element(this, "html");
    this.head = new Element(this, "head");
    this.body = new Element(this, "body");
    this.documentElement.appendChild(this.head);
    this.documentElement.appendChild(this.body);
    this.appendChild(this.documentElement);
    this.activeElement = this.body;
    this.onReplaced = null;
  }
  createElement(t) { return new Element(this, t); }
  createElementNS(ns, t) { return new Element(this, t, ns); }
  createTextNode(t) { return new Text(t); }
  getElementById(id) { return query(this.documentElement, "#" + id); }
  querySelector(sel) { return query(this.documentElement, sel); }
  querySelectorAll() { return []; }
}

// ---- the window -----------------------------------------------------------

class Storage {
  constructor() { this.m = new Map(); }
  getItem(k) { return this.m.has(k) ? this.m.get(k) : null; }
  setItem(k, v) { this.m.set(k, String(v)); }
  removeItem(k) { this.m.delete(k); }
  clear() { this.m.clear(); }
  key(i) { return [...this.m.keys()][i] ?? null; }
  get length() { return this.m.size; }
}

class Observer { observe() {} unobserve() {} disconnect() {} }

// windowFor points globalThis, which the Go program sees as window, at a
// fresh document for url, width CSS pixels wide.
function windowFor(url, width) {
  const u = new URL(url);
  const doc = new HTMLDocument();
  const media = () => ({ matches: false, media: "", addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} });
  Object.assign(globalThis, {
    window: globalThis, self: globalThis, parent: globalThis, top: globalThis,
    document: doc, HTMLDocument, Text,
    location: { href: u.href, origin: u.origin, protocol: u.protocol, host: u.host, hostname: u.hostname, pathname: u.pathname,
      search: u.search, hash: u.hash, reload() {}, replace() {}, assign() {} },
    history: { state: null, length: 1, replaceState() {}, pushState() {} },
    localStorage: new Storage(), sessionStorage: new Storage(),
    innerWidth: width, innerHeight: 800, outerWidth: width, outerHeight: 800, devicePixelRatio: 1, scrollX: 0, scrollY: 0,
    matchMedia: media,
    requestAnimationFrame: () => 1, cancelAnimationFrame() {},
    ResizeObserver: Observer, IntersectionObserver: Observer, MutationObserver: Observer,
    addEventListener() {}, removeEventListener() {}, postMessage() {}, scrollTo() {},
    getComputedStyle: () => ({ getPropertyValue: () => "" }),
  });
  try { Object.defineProperty(globalThis, "navigator", { value: { userAgent: "kplay-poster", language: "en", clipboard: {} }, configurable: true, writable: true }); } catch { /* keep Node's */ }
  return doc;
}

// ---- run ----------------------------------------------------------------

// What Go's own Node runner (wasm_exec_node.js) provides besides
// wasm_exec.js: Node 18 has no global crypto.
globalThis.crypto ??= (await import("node:crypto")).webcrypto;
createRequire(import.meta.url)(wasmExec); // defines globalThis.Go
// The program's standard output and error (wasm_exec.js's stand-in for Node's fs, which
// would print them with console.log onto the answer) are kept: the
// error's text explains a failed render.
let stderr = "";
const decoder = new TextDecoder();
globalThis.fs.writeSync = function (fd, buf) {
  if (fd === 2) { stderr = (stderr + decoder.decode(buf)).slice(-8192); }
  return buf.length;
};
const mod = await WebAssembly.compile(readFileSync(appWasm));

function renderOne(job) {
  return new Promise((resolve) => {
    const doc = windowFor(job.url, job.width);
    let done = false;
    const finish = (r) => { if (!done) { done = true; resolve(r); } };
    doc.onReplaced = (n) => {
      if (n.localName === "body") { finish({ body: serialize(n), error: "" }); }
    };
    const go = new Go();
    stderr = "";
    WebAssembly.instantiate(mod, go.importObject).then((inst) => {
      go.run(inst).then(() => finish({ body: "", error: "the page's program ended before it rendered: " + stderr.slice(0, 2000) }),
        (e) => finish({ body: "", error: String(e) + "\n" + stderr.slice(0, 2000) }));
    }, (e) => finish({ body: "", error: "instantiate: " + e }));
    setTimeout(() => finish({ body: "", error: "the page did not render within 20 s: " + stderr.slice(0, 2000) }), 20000).unref();
  });
}

const out = [];
for (const job of jobs) {
  out.push(await renderOne(job));
}
// The programs never end (they wait for frames): exit once the answer is
// written out, not before (a pipe's write is asynchronous).
process.stdout.write(JSON.stringify(out), () => process.exit(0));
