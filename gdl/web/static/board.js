// Draws a board as SVG from the API's geometry (/api/load's `board`) and a position
// (/api/moves), by the board's kind (gdl.interpreter.core.picture_style): squares, a go
// board's intersections, hexagons with a connection game's goal edges in the players'
// colours, points and links, pits and stores, tiles, stacks. Pieces: chess glyphs, shogi
// pieces, stones, lettered discs.
// Cells are <g class="cell" data-cell="a1">; `view.onCell(name)` is called on a click.

const NS = "http://www.w3.org/2000/svg";
const C = 48;         // a square's side, a hex's width, a point's spacing (pixels)
const M = 26;         // the margin for coordinates
export const OWNER_COLOURS = ["#1d1d1d", "#f4f4f4", "#c0392b", "#2e86c1", "#27ae60",
                              "#8e44ad", "#d68910", "#17a589"];
const LIGHT = "#f0d9b5", DARK = "#b58863", HEX_FILL = "#e8dcc4", WOOD = "#a0703c";

function el(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function text(parent, x, y, words, size, fill, extra) {
  const t = el("text", {x, y, "font-size": size, "text-anchor": "middle",
                        "dominant-baseline": "central", fill: fill || "#333", ...(extra || {})},
               parent);
  t.textContent = words;
  return t;
}

// Cell centres in pixels: {name: [x, y]}, and the drawing's size.
function layout(board, flip) {
  const centres = {};
  const W = board.width, H = board.height;
  if (board.shape === "hex") {
    const r = C / Math.sqrt(3);          // pointy-top hexes of width C
    let minX = Infinity, maxX = -Infinity;
    for (const c of board.cells) {
      const px = C * (c.x + c.y / 2);
      minX = Math.min(minX, px); maxX = Math.max(maxX, px);
    }
    for (const c of board.cells) {
      let px = C * (c.x + c.y / 2) - minX, py = 1.5 * r * (H - 1 - c.y);
      if (flip) { px = maxX - minX - px; py = 1.5 * r * (H - 1) - py; }
      centres[c.name] = [M + C / 2 + px, M + r + py];
    }
    return {centres, width: maxX - minX + C + 2 * M, height: 1.5 * r * (H - 1) + 2 * r + 2 * M,
            r};
  }
  for (const c of board.cells) {
    const x = flip ? W - 1 - c.x : c.x, y = flip ? c.y : H - 1 - c.y;
    centres[c.name] = [M + x * C + C / 2, M + y * C + C / 2];
  }
  return {centres, width: W * C + 2 * M, height: H * C + 2 * M};
}

function hexPoints(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 30);
    pts.push(`${cx + r * Math.cos(a)},${cy + r * Math.sin(a)}`);
  }
  return pts.join(" ");
}

// view: {board, pos, flip, chosen: [names], targets: Set, onCell}
export function drawBoard(svg, view) {
  svg.replaceChildren();
  const {board, pos} = view;
  const geo = layout(board, view.flip);
  svg.setAttribute("width", geo.width);
  svg.setAttribute("height", geo.height);
  svg.setAttribute("viewBox", `0 0 ${geo.width} ${geo.height}`);
  // Pieces and marks lie over the cells but let the clicks through to them.
  const under = el("g", {}, svg), cells = el("g", {}, svg);
  const over = el("g", {"pointer-events": "none"}, svg);
  const points = board.kind === "intersections";
  if (points) drawLines(under, board, geo);
  else if (board.shape === "square" && !board.counted) drawSquares(under, board, view.flip);
  if (board.counted) el("rect", {x: M / 2, y: M / 2, width: geo.width - M, rx: 18,
                                 height: geo.height - M, fill: WOOD}, under);
  if (board.shape === "points") drawLinks(under, board, geo);
  if (board.shape !== "hex") drawCoordinates(under, board, view.flip);
  const last = new Set(pos.last || []);
  const chosen = new Set(view.chosen || []);
  for (const c of board.cells) {
    const [cx, cy] = geo.centres[c.name];
    const g = el("g", {class: "cell", "data-cell": c.name}, cells);
    el("title", {}, g).textContent = c.name;
    if (board.shape === "hex") {
      el("polygon", {points: hexPoints(cx, cy, geo.r - 1), fill: HEX_FILL, stroke: "#7a6a55",
                     "stroke-width": 1.5}, g);
      if (c.y === 0) text(under, cx, cy + geo.r + 8, c.name.replace(/\d+/, ""), 11);
      if (c.x === 0) text(under, cx - C * 0.75, cy, c.name.replace(/^[a-z]/, ""), 11);
    } else if (board.counted) {
      const tall = c.store ? (board.height - 1) * C + C * 0.8 : C * 0.8;
      const y0 = c.store ? M + C * 0.1 : cy - C * 0.4;
      el("rect", {x: cx - C * 0.4, y: y0, width: C * 0.8, height: tall, rx: C * 0.4,
                  fill: "#7b5230", stroke: "#4a2f18"}, g);
    } else if (board.shape === "points" || points) {
      el("circle", {cx, cy, r: C * 0.48, fill: "transparent"}, g);
      if (!points) el("circle", {cx, cy, r: 5, fill: "#333"}, g);
    } else {
      el("rect", {x: cx - C / 2, y: cy - C / 2, width: C, height: C, fill: "transparent"}, g);
    }
    g.addEventListener("click", () => view.onCell && view.onCell(c.name));
    if (last.has(c.name)) drawMark(over, board, geo, c, "last");
  }
  if (board.shape === "hex") drawGoals(over, board, geo, view.flip);
  for (const p of pos.pieces || []) drawPiece(over, board, geo, p, view.flip);
  for (const name of chosen) {
    const [cx, cy] = geo.centres[name] || [];
    if (cx !== undefined) el("circle", {cx, cy, r: C * 0.44, class: "chosen"}, over);
  }
  // A target on an empty cell is a dot; on a piece or a pit, a ring that leaves it legible.
  const filled = new Set([...(pos.pieces || []).map((p) => p.cell), ...Object.keys(pos.counts || {})]);
  // When most of the board is a target (any empty point of go or hex), the dots would only
  // cover it: they are kept (for keyboards and tests) but not shown.
  const targets = [...(view.targets || [])];
  const quiet = !chosen.size && targets.length > board.cells.length / 2 ? " quiet" : "";
  for (const name of targets) {
    const [cx, cy] = geo.centres[name] || [];
    if (cx === undefined) continue;
    if (filled.has(name)) el("circle", {cx, cy, r: C * 0.45, class: "target-ring" + quiet,
                                        "data-target": name}, over);
    else el("circle", {cx, cy, r: C * 0.14, class: "target-dot" + quiet, "data-target": name},
            over);
  }
  for (const [name, n] of Object.entries(pos.counts || {})) {
    const c = board.cells.find((cell) => cell.name === name);
    const [cx, cy] = geo.centres[name];
    const y = c && c.store ? M + (board.height * C) / 2 : cy;
    text(over, cx, y, String(n), 18, "#fff", {"font-weight": "bold"});
  }
}

function drawSquares(parent, board, flip) {
  const on = new Set(board.cells.map((c) => `${c.x},${c.y}`));
  for (let y = 0; y < board.height; y++) {
    for (let x = 0; x < board.width; x++) {
      const sx = flip ? board.width - 1 - x : x, sy = flip ? y : board.height - 1 - y;
      // A playable subset is dark on light; a full board is checkered only when it is 8
      // wide or more (chess-like), plain otherwise (tic-tac-toe, Connect Four, shogi).
      const playable = on.has(`${x},${y}`);
      const chequered = board.width >= 8 && board.height >= 8 && board.glyphs !== "shogi";
      const fill = board.subset ? (playable ? DARK : LIGHT)
        : chequered && (x + y) % 2 === 0 ? DARK : LIGHT;
      el("rect", {x: M + sx * C, y: M + sy * C, width: C, height: C, fill,
                  stroke: "#8a7a66", "stroke-width": 1}, parent);
    }
  }
}

function drawLinks(parent, board, geo) {
  for (const [a, b] of board.links) {
    const [x1, y1] = geo.centres[a], [x2, y2] = geo.centres[b];
    el("line", {x1, y1, x2, y2, stroke: "#333", "stroke-width": 3}, parent);
  }
}

function drawCoordinates(parent, board, flip) {
  for (let x = 0; x < board.width; x++) {
    const sx = flip ? board.width - 1 - x : x;
    text(parent, M + sx * C + C / 2, M + board.height * C + M / 2, String.fromCharCode(97 + x), 12);
  }
  for (let y = 0; y < board.height; y++) {
    const sy = flip ? y : board.height - 1 - y;
    text(parent, M / 2, M + sy * C + C / 2, String(y + 1), 12);
  }
}

function drawMark(parent, board, geo, c, cls) {
  const [cx, cy] = geo.centres[c.name];
  if (board.shape === "hex") el("polygon", {points: hexPoints(cx, cy, geo.r - 2), class: cls},
                                parent);
  else if (board.shape === "points" || board.kind === "intersections") {
    el("circle", {cx, cy, r: C * 0.47, class: cls}, parent);
  } else el("rect", {x: cx - C / 2 + 2, y: cy - C / 2 + 2, width: C - 4, height: C - 4,
                     class: cls}, parent);
}

// A go board: wood, and lines through the points (the stones lie on them).
function drawLines(parent, board, geo) {
  const xs = board.cells.map((c) => geo.centres[c.name][0]);
  const ys = board.cells.map((c) => geo.centres[c.name][1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  el("rect", {x: x0 - C / 2, y: y0 - C / 2, width: x1 - x0 + C, height: y1 - y0 + C,
              fill: "#dcb35c", class: "wood"}, parent);
  for (const x of new Set(xs)) el("line", {x1: x, y1: y0, x2: x, y2: y1, stroke: "#333",
                                           class: "grid-line"}, parent);
  for (const y of new Set(ys)) el("line", {x1: x0, y1: y, x2: x1, y2: y, stroke: "#333",
                                           class: "grid-line"}, parent);
}

// A connection game's goal edges: each goal cell's hexagon sides that face off the board
// (the steps `out`), in the player's colour over a dark outline.
function drawGoals(parent, board, geo, flip) {
  for (const goal of board.goals || []) {
    const {fill, line} = board.colours[goal.player];
    for (const name of goal.cells) {
      const [cx, cy] = geo.centres[name];
      for (const [dx, dy] of goal.out) {
        const sign = flip ? -1 : 1;
        const angle = Math.atan2(-1.5 * geo.r * dy * sign, C * (dx + dy / 2) * sign);
        const [a, b] = [angle - Math.PI / 6, angle + Math.PI / 6];
        const ends = {x1: cx + geo.r * Math.cos(a), y1: cy + geo.r * Math.sin(a),
                      x2: cx + geo.r * Math.cos(b), y2: cy + geo.r * Math.sin(b)};
        el("line", {...ends, stroke: line, "stroke-width": 8, "stroke-linecap": "round",
                    class: "goal", "data-player": goal.player}, parent);
        el("line", {...ends, stroke: fill, "stroke-width": 5, "stroke-linecap": "round"},
           parent);
      }
    }
  }
}

const GLYPH_FONTS = "DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, sans-serif";

function drawPiece(parent, board, geo, piece, flip) {
  const [cx, cy] = geo.centres[piece.cell] || [];
  if (cx === undefined) return;
  const g = el("g", {class: "piece", "data-piece": piece.cell,
                     "data-owner": piece.owner === null ? "none" : piece.owner,
                     "data-kind": piece.kind}, parent);
  if (piece.owner === null) {   // a neutral piece (an amazons arrow, a blocker)
    el("rect", {x: cx - C * 0.3, y: cy - C * 0.3, width: C * 0.6, height: C * 0.6, rx: 4,
                fill: "#8c8c8c", stroke: "#444"}, g);
    return;
  }
  const {fill, ink, line} = board.colours[piece.owner];
  if (board.glyphs === "chess") {   // ♚ ♛ ♜ ♝ ♞ ♟ in the owner's colour, outlined
    text(g, cx, cy + 2, piece.symbol, C * 0.8, fill,
         {stroke: line, "stroke-width": 1.2, "font-family": GLYPH_FONTS, class: "glyph"});
    return;
  }
  if (board.glyphs === "shogi") {   // a wooden piece pointing at the opponent
    const w = C * 0.36, h = C * 0.42;
    const turned = (piece.owner === 1) !== Boolean(flip);
    const s = el("g", turned ? {transform: `rotate(180 ${cx} ${cy})`} : {}, g);
    el("polygon", {points: `${cx},${cy - h} ${cx + w * 0.8},${cy - h * 0.6} ${cx + w},${cy + h} `
                   + `${cx - w},${cy + h} ${cx - w * 0.8},${cy - h * 0.6}`,
                   fill: "#f3d9a4", stroke: "#5a4630"}, s);
    text(s, cx, cy + h * 0.05, piece.symbol, C * 0.36, "#111", {class: "glyph"});
    // its letter too (K, R, +P), small: legible where no font has the kanji
    text(s, cx, cy + h * 0.8, piece.letter, C * 0.17, "#5a2d0c", {class: "letter"});
    return;
  }
  const r = board.kind === "intersections" ? C * 0.46 : C * 0.38;
  el("circle", {cx, cy, r, fill, stroke: line || "#555", "stroke-width": 1.5}, g);
  if (piece.symbol) text(g, cx, cy + 1, piece.symbol, 20, ink, {"font-weight": "bold"});
}

// Puzzles: sliding tiles and stacks of discs.
export function drawTiles(svg, tiles) {
  svg.replaceChildren();
  const rows = tiles.length, cols = tiles[0].length;
  svg.setAttribute("width", cols * C + 2 * M);
  svg.setAttribute("height", rows * C + 2 * M);
  svg.setAttribute("viewBox", `0 0 ${cols * C + 2 * M} ${rows * C + 2 * M}`);
  tiles.forEach((row, r) => row.forEach((v, c) => {
    if (!v) return;
    const g = el("g", {class: "tile", "data-tile": v}, svg);
    el("rect", {x: M + c * C + 2, y: M + r * C + 2, width: C - 4, height: C - 4, rx: 6,
                fill: DARK, stroke: "#5a4630"}, g);
    text(g, M + c * C + C / 2, M + r * C + C / 2, String(v), 20, "#fff", {"font-weight": "bold"});
  }));
}

export function drawStacks(svg, stacks) {
  svg.replaceChildren();
  const most = Math.max(1, ...stacks.map((s) => Math.max(0, ...s)));
  const pegW = (most + 1) * 18, height = (most + 2) * 20 + 2 * M;
  svg.setAttribute("width", stacks.length * pegW + 2 * M);
  svg.setAttribute("height", height);
  svg.setAttribute("viewBox", `0 0 ${stacks.length * pegW + 2 * M} ${height}`);
  stacks.forEach((discs, i) => {
    const cx = M + i * pegW + pegW / 2, base = height - M;
    el("rect", {x: cx - 3, y: M, width: 6, height: base - M, fill: "#6b4f2a"}, svg);
    text(svg, cx, base + 12, String(i + 1), 12);
    discs.forEach((d, k) => el("rect", {x: cx - d * 9, y: base - (k + 1) * 20, width: d * 18,
                                        height: 18, rx: 5, fill: OWNER_COLOURS[2 + d % 6],
                                        "data-disc": d}, svg));
  });
}
