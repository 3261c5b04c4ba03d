// Crisp SVG equipment drawn in code: cards ("As", "Td"; null is a face-down card),
// dice (faces 1-6), Pai Gow tiles ("6-6", "4-2") and chips (cents).

const NS = "http://www.w3.org/2000/svg";

function el(name, attrs = {}, children = []) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const child of children) node.appendChild(child);
  return node;
}

function svg(width, height, label, children) {
  const root = el("svg", {
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role: "img",
    "aria-label": label,
    class: "equipment",
  });
  const title = el("title");
  title.textContent = label;
  root.appendChild(title);
  for (const child of children) root.appendChild(child);
  return root;
}

function text(x, y, content, attrs = {}) {
  const t = el("text", { x, y, ...attrs });
  t.textContent = content;
  return t;
}

const SUITS = { s: ["♠", "spades", "#111"], h: ["♥", "hearts", "#c00"], d: ["♦", "diamonds", "#c00"], c: ["♣", "clubs", "#111"] };
const RANKS = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };

export function cardName(code) {
  if (!code) return "face-down card";
  const [symbol, name] = [code[0], SUITS[code[1]]];
  return `${RANKS[symbol] || symbol} of ${name ? name[1] : code[1]}`;
}

export function card(code) {
  if (!code) {
    return svg(60, 84, "face-down card", [
      el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#1d3f8f", stroke: "#fff", "stroke-width": 2 }),
      el("rect", { x: 7, y: 7, width: 46, height: 70, rx: 3, fill: "none", stroke: "#8fb1ff", "stroke-width": 1.5, "stroke-dasharray": "4 3" }),
    ]);
  }
  const rank = code[0] === "T" ? "10" : code[0];
  const [symbol, , color] = SUITS[code[1]] || ["?", "", "#111"];
  return svg(60, 84, cardName(code), [
    el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#fff", stroke: "#333", "stroke-width": 1.5 }),
    text(6, 20, rank, { fill: color, "font-size": 17, "font-weight": 700, "font-family": "sans-serif" }),
    text(6, 36, symbol, { fill: color, "font-size": 15, "font-family": "sans-serif" }),
    text(30, 62, symbol, { fill: color, "font-size": 30, "text-anchor": "middle", "font-family": "sans-serif" }),
  ]);
}

const PIPS = {
  1: [[2, 2]],
  2: [[1, 1], [3, 3]],
  3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
};

function pips(face, x0, y0, size, color) {
  return (PIPS[face] || []).map(([cx, cy]) =>
    el("circle", { cx: x0 + (cx * size) / 4, cy: y0 + (cy * size) / 4, r: size / 10, fill: color }),
  );
}

export function die(face, { small = false } = {}) {
  const s = small ? 28 : 40;
  return svg(s, s, `die showing ${face}`, [
    el("rect", { x: 1, y: 1, width: s - 2, height: s - 2, rx: s / 6, fill: "#b3122e", stroke: "#600", "stroke-width": 1.5 }),
    ...pips(face, 0, 0, s, "#fff"),
  ]);
}

function tileHalf(n, y) {
  // Chinese dominoes: the ones and fours are red, the six's middle pair too.
  const color = n === 1 || n === 4 ? "#c00" : "#fff";
  return pips(n, 0, y, 36, color);
}

export function tile(code, { selected = false } = {}) {
  if (!code) {
    return svg(36, 72, "face-down tile", [
      el("rect", { x: 1, y: 1, width: 34, height: 70, rx: 5, fill: "#3a2a1a", stroke: "#111" }),
    ]);
  }
  const [a, b] = code.split("-").map(Number);
  const high = Math.max(a, b);
  const low = Math.min(a, b);
  return svg(36, 72, `tile ${code}`, [
    el("rect", {
      x: 1, y: 1, width: 34, height: 70, rx: 5, fill: "#111",
      stroke: selected ? "#ffd700" : "#555", "stroke-width": selected ? 3 : 1.5,
    }),
    el("line", { x1: 5, y1: 36, x2: 31, y2: 36, stroke: "#777", "stroke-width": 1 }),
    ...tileHalf(high, 0),
    ...tileHalf(low, 36),
  ]);
}

const CHIP_COLORS = [
  [100000, "#e8b400", "#222"],
  [50000, "#7b2cbf", "#fff"],
  [10000, "#111", "#fff"],
  [2500, "#1b7f3b", "#fff"],
  [1000, "#1565c0", "#fff"],
  [500, "#c1121f", "#fff"],
  [100, "#f5f5f5", "#111"],
];

export function chipLabel(cents) {
  if (cents >= 100000) return `${cents / 100000}K`;
  if (cents % 100 === 0) return `${cents / 100}`;
  return (cents / 100).toFixed(2);
}

export function chip(cents, { size = 44 } = {}) {
  const [, fill, ink] = CHIP_COLORS.find(([v]) => cents >= v) || CHIP_COLORS[CHIP_COLORS.length - 1];
  const r = size / 2;
  return svg(size, size, `chip of $${(cents / 100).toFixed(2)}`, [
    el("circle", { cx: r, cy: r, r: r - 1, fill, stroke: "#333", "stroke-width": 1 }),
    el("circle", { cx: r, cy: r, r: r - 5, fill: "none", stroke: ink, "stroke-width": 2, "stroke-dasharray": "5 4" }),
    text(r, r + size / 9, chipLabel(cents), { fill: ink, "font-size": size / 3.2, "font-weight": 700, "text-anchor": "middle", "font-family": "sans-serif" }),
  ]);
}
