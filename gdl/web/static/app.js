// The page: a game's board, its seats and controls, puzzles, constraint grids; the editor
// is in editor.js. Everything comes from the JSON API (api.js).
import {call, ApiError} from "./api.js";
import {drawBoard, drawTiles, drawStacks} from "./board.js";
import * as build from "./moves.js";
import {startEditor} from "./editor.js";
import {drawFacts, drawParts, statusText} from "./turns.js";

const $ = (id) => document.getElementById(id);
const SEATS = ["human", "ai:easy", "ai:medium", "ai:hard", "mcts:hard", "random"];

// The page's whole state: the game as the API names it, the position as moves from a
// start, and what the clicks have chosen so far. `generation` drops stale AI replies.
export const game = {
  name: null, options: {}, start: null, moves: [], info: null, pos: null,
  seats: [], flip: false, chosen: [], generation: 0, thinking: false, aiTimes: [], aiLog: [], seconds: 1,
  maxSeconds: 10, animation: 350,   // ms between the moves of an animated solution
  grid: null, sealed: null,   // the server's token of the parts chosen in a simultaneous turn
};
window.gdl = game;   // for the tests and the curious

function where() {
  const body = {game: game.name, options: game.options, moves: game.moves};
  if (game.start !== null) body.start = game.start;
  return body;
}

function showError(err) {
  const message = err instanceof ApiError ? err.doc.error : String(err);
  $("status").textContent = message;
  $("status").dataset.error = "1";
}

function parseOptions(text) {
  const options = {};
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const [name, ...rest] = word.split("=");
    options[name] = rest.join("=");
  }
  return options;
}

function optionsText(options) {
  return Object.entries(options).map(([k, v]) => `${k}=${v}`).join(" ");
}

// ------------------------------------------------------------------ loading

export async function loadGame(name, options = {}, moves = [], start = null, seats = null) {
  game.generation++;
  game.thinking = false;
  $("thinking").hidden = true;
  try {
    const info = await call("load", {game: name, options});
    Object.assign(game, {name, options, info, moves: [], start, chosen: [], aiTimes: [],
                         grid: null});
    $("title").textContent = info.title;
    $("options").value = optionsText(options);
    if (![...$("game").options].some((o) => o.value === name)) addGameOption(name, info.title);
    $("game").value = name;
    game.seats = seats || info.players.map((_, i) => (i === 0 || info.kind !== "game"
                                                        ? "human" : info.default_seat));
    drawSeats();
    $("game-controls").hidden = info.kind === "constraints";
    $("puzzle-controls").hidden = info.kind !== "puzzle";
    $("constraint-controls").hidden = info.kind !== "constraints";
    $("seats").hidden = info.kind !== "game";
    $("moves-head").hidden = info.kind === "constraints";
    $("solution").textContent = "";
    $("conflicts").textContent = "";
    if (info.kind === "constraints") {
      drawGrid(info.board, info.board.givens);
      return;
    }
    game.moves = moves;
    await refresh();
  } catch (err) { showError(err); }
}

function addGameOption(name, title) {
  const o = document.createElement("option");
  o.value = name; o.textContent = `${name} — ${title}`;
  $("game").appendChild(o);
}

async function refresh() {
  const generation = game.generation;
  const pos = await call("moves", where());
  if (generation !== game.generation) return;
  show(pos);
  maybeAI();
}

function show(pos) {
  game.pos = pos;
  game.moves = pos.moves;
  const board = game.info.board;
  $("board").toggleAttribute("hidden", false); $("grid").hidden = true;
  $("text").hidden = !["text"].includes(board.shape);
  $("text").textContent = pos.text;
  if (board.shape === "tiles") drawTiles($("board"), pos.tiles);
  else if (board.shape === "stacks") drawStacks($("board"), pos.stacks);
  else if (board.shape === "text") $("board").toggleAttribute("hidden", true);
  else drawBoard($("board"), {board, pos, flip: game.flip, chosen: game.chosen,
                              targets: pos.over ? new Set() : build.targets(pos.legal, game.chosen),
                              onCell});
  $("notes").textContent = (pos.notes || []).join("\n");   // hands: what players need
  $("details").textContent = (pos.details || []).join("\n");   // plies, ko, castling rights
  $("details-box").hidden = !(pos.details || []).length;
  $("status").dataset.error = "";
  $("status").textContent = statusText(pos);
  game.sealed = pos.sealed || null;
  drawFacts($("facts"), pos);
  $("result").textContent = pos.over ? pos.result : "";
  $("result").dataset.over = pos.over ? "1" : "";
  drawChoices();
  drawMoveList();
}

// ------------------------------------------------------------------ moving

function humanToMove() {
  const pos = game.pos;
  if (!pos || pos.over || pos.simultaneous) return false;
  return seatOf(pos.to_move) === "human";
}

function seatOf(player) {
  return game.seats[game.info.players.indexOf(player)] || "human";
}

function onCell(name) {
  if (!humanToMove()) return;
  const {chosen, play} = build.click(game.pos.legal, game.chosen, name);
  game.chosen = chosen;
  if (play) { playMove(play); return; }
  show(game.pos);
}

// Buttons for the moves clicks cannot make: those naming no cell (a pass, `take 2 3`),
// and the moves the clicks so far leave open (a promotion's piece, pentago's twist).
function drawChoices() {
  const box = $("choices");
  box.replaceChildren();
  const pos = game.pos;
  if (pos && !pos.over && pos.simultaneous) {
    drawParts(box, pos, game.info.players.filter((p) => seatOf(p) === "human"), playPart);
    return;
  }
  if (!pos || pos.over || !humanToMove()) return;
  const open = game.chosen.length ? build.complete(pos.legal, game.chosen)
    : pos.legal.filter((m) => m.cells.length === 0);
  const boardless = ["tiles", "stacks", "text"].includes(game.info.board.shape);
  const shown = boardless ? pos.legal : open;
  for (const m of shown.slice(0, 200)) {
    const b = document.createElement("button");
    b.textContent = m.text; b.dataset.move = m.text;
    b.addEventListener("click", () => playMove(m.text));
    box.appendChild(b);
  }
}

export async function playMove(text, seconds) {
  const generation = game.generation;
  try {
    const pos = await call("apply", {...where(), move: text});
    if (generation !== game.generation) return;
    game.chosen = [];
    if (seconds !== undefined) game.aiTimes[pos.moves.length - 1] = seconds;
    show(pos);
    maybeAI();
  } catch (err) { showError(err); }
}

// A human seat's part of a simultaneous turn; the other seats' AI choose on the server.
async function playPart(seat, part) {
  const generation = game.generation;
  const ai = game.info.players.filter((p) => seatOf(p) !== "human");
  const level = (game.seats.find((s) => s !== "human") || "ai:hard").split(":")[1] || "hard";
  try {
    const pos = await call("part", {...where(), seat, part, sealed: game.sealed, ai, level,
                                    seconds: Math.min(Number($("seconds").value) || 1, game.maxSeconds)});
    if (generation !== game.generation) return;
    show(pos);
  } catch (err) { showError(err); }
}

function drawMoveList() {
  const list = $("movelist");
  list.replaceChildren();
  game.moves.forEach((m, i) => {
    const li = document.createElement("li");
    li.textContent = m;
    if (game.aiTimes[i] !== undefined) {
      const t = document.createElement("span");
      t.className = "time"; t.textContent = ` (AI ${game.aiTimes[i].toFixed(2)} s)`;
      li.appendChild(t);
    }
    list.appendChild(li);
  });
  list.scrollTop = list.scrollHeight;
}

// ------------------------------------------------------------------ the AI

async function maybeAI() {
  const pos = game.pos;
  if (!pos || pos.over || game.info.kind !== "game" || game.thinking) return;
  if (pos.simultaneous && game.seats.includes("human")) return;   // the humans choose first
  const seat = pos.simultaneous ? game.seats[0] : seatOf(pos.to_move);
  if (seat === "human") return;
  const [engine, level] = seat.split(":");
  const seconds = Math.min(Math.max(Number($("seconds").value) || 1, 0.05), game.maxSeconds);
  await thinkAndPlay({engine, level: level || "hard", seconds});
}

async function thinkAndPlay(request) {
  const generation = game.generation;
  const started = performance.now();
  game.thinking = true;
  $("thinking").hidden = false;
  const limit = request.seconds || 1;
  const tick = setInterval(() => {
    const spent = (performance.now() - started) / 1000;
    $("progress").value = Math.min(spent / limit, 1);
    $("thinking-text").textContent = `thinking… ${spent.toFixed(1)} s of ${limit} s`;
  }, 100);
  try {
    const found = await call("ai", {...where(), ...request});
    if (generation !== game.generation) return;
    const waited = (performance.now() - started) / 1000;
    game.aiLog.push({move: found.move, engine: found.engine, server: found.seconds, waited});
    game.thinking = false;
    await playMove(found.move, waited);
  } catch (err) {
    if (generation === game.generation) showError(err);
  } finally {
    clearInterval(tick);
    if (generation === game.generation) {
      game.thinking = false;
      $("thinking").hidden = true;
    }
  }
}

function drawSeats() {
  const box = $("seats");
  box.replaceChildren();
  game.info.players.forEach((player, i) => {
    const label = document.createElement("label");
    label.textContent = `${player} `;
    const select = document.createElement("select");
    select.dataset.seat = i;
    for (const s of SEATS) {
      const o = document.createElement("option");
      o.value = s; o.textContent = s; select.appendChild(o);
    }
    select.value = game.seats[i];
    select.addEventListener("change", () => { game.seats[i] = select.value; maybeAI(); });
    label.appendChild(select);
    box.appendChild(label);
  });
}

// ------------------------------------------------------------------ controls

function newGame() { loadGame(game.name, game.options, [], game.info.kind === "puzzle" ? game.start : null, game.seats); }

// Undo one move; against the AI, on back to a human's turn (asked of the server: a move
// may give the same player another turn, as in mancala).
async function undo() {
  game.generation++;
  game.thinking = false;
  $("thinking").hidden = true;
  const generation = game.generation;
  try {
    let pos = game.pos;
    const humans = game.seats.some((s) => s === "human");
    const rolls = new Set(game.pos.rolls || []);   // the server would roll them again
    let dropped;
    do {
      if (!game.moves.length) break;
      dropped = game.moves.length - 1;
      game.moves = game.moves.slice(0, -1);
      pos = await call("moves", where());
      if (generation !== game.generation) return;
    } while (rolls.has(dropped) || game.info.kind === "game" && humans && !pos.simultaneous &&
             seatOf(pos.to_move) !== "human");
    game.chosen = [];
    game.aiTimes = game.aiTimes.slice(0, game.moves.length);
    show(pos);
  } catch (err) { showError(err); }
}

async function solveGame() {
  $("solution").textContent = "solving…";
  try {
    const found = await call("solve", {...where(), seconds: game.maxSeconds});
    $("solution").textContent = found.kind === "game"
      ? `${found.to_move}: ${found.value}, best move ${found.best_move ?? "none"} ` +
        `(${found.nodes} nodes, ${found.seconds} s)`
      : found.solution ? `optimal: ${found.length} moves: ${found.solution.join(" ")}`
        : `no solution: ${found.unsolvable || found.unsolved}`;
    return found;
  } catch (err) { $("solution").textContent = err.message; return null; }
}

// Puzzles: a scrambled start, one step of the solution, the whole solution animated.
async function scramble() {
  try {
    const found = await call("scramble", {game: game.name, options: game.options,
                                          steps: 30, seed: Math.floor(Math.random() * 1e9)});
    game.generation++;
    game.thinking = false;
    Object.assign(game, {start: found.start, moves: [], chosen: [], aiTimes: []});
    $("solution").textContent = "";
    await refresh();
  } catch (err) { showError(err); }
}

async function step() {
  if (!game.pos || game.pos.over) return;
  const found = await call("ai", {...where(), seconds: game.maxSeconds}).catch(showError);
  if (found) await playMove(found.move);
}

async function animate() {
  const found = await solveGame();
  if (!found || !found.solution) return;
  const generation = game.generation;
  for (const move of found.solution) {
    await new Promise((r) => setTimeout(r, game.animation));
    if (generation !== game.generation) return;
    await playMove(move);
  }
}

// ------------------------------------------------------------------ constraint puzzles

function drawGrid(board, givens) {
  $("board").toggleAttribute("hidden", true); $("text").hidden = true;
  $("movelist").replaceChildren(); $("choices").replaceChildren(); $("notes").textContent = ""; $("details").textContent = "";
  $("result").textContent = ""; $("status").textContent = "fill the grid";
  const grid = $("grid");
  grid.hidden = false;
  grid.replaceChildren();
  grid.style.gridTemplateColumns = `repeat(${board.width}, auto)`;
  const [bw, bh] = board.boxes || [0, 0];
  game.grid = {board, givens};
  for (let r = 0; r < board.height; r++) {
    for (let c = 0; c < board.width; c++) {
      const input = document.createElement("input");
      const g = givens[r * board.width + c];
      input.dataset.cell = `r${r + 1}c${c + 1}`;
      input.maxLength = 2;
      if (g !== ".") { input.value = g; input.readOnly = true; input.classList.add("given"); }
      if (bw && (c + 1) % bw === 0 && c + 1 < board.width) input.classList.add("box-right");
      if (bh && (r + 1) % bh === 0 && r + 1 < board.height) input.classList.add("box-bottom");
      input.addEventListener("input", () => { clearMarks(); });
      grid.appendChild(input);
    }
  }
}

function gridValues() {
  return [...$("grid").querySelectorAll("input")].map((i) => i.value.trim() || ".").join("");
}

function clearMarks() {
  for (const i of $("grid").querySelectorAll("input")) i.classList.remove("scope", "culprit");
  $("conflicts").textContent = "";
}

async function checkGrid() {
  clearMarks();
  try {
    const found = await call("constraints", {game: game.name, options: game.options,
                                             values: gridValues()});
    const inputs = (name) => $("grid").querySelector(`input[data-cell="${name}"]`);
    for (const c of found.conflicts) {
      for (const cell of c.cells) inputs(cell)?.classList.add("scope");
      for (const cell of c.culprits) inputs(cell)?.classList.add("culprit");
    }
    $("conflicts").textContent = found.conflicts.length
      ? found.conflicts.map((c) => `breaks ${c.label}`).join("\n")
      : found.solved ? "" : "no conflict so far";
    $("result").textContent = found.solved ? "solved" : "";
    $("result").dataset.over = found.solved ? "1" : "";
  } catch (err) { $("conflicts").textContent = err.message; }
}

async function solveGrid() {
  try {
    const found = await call("solve", {game: game.name, options: game.options});
    if (!found.solution) { $("conflicts").textContent = found.status; return; }
    const inputs = $("grid").querySelectorAll("input");
    [...found.solution].forEach((v, i) => { inputs[i].value = v; });
    $("solution").textContent = `${found.status} (${found.seconds} s, ${found.method})`;
    await checkGrid();
  } catch (err) { $("conflicts").textContent = err.message; }
}

// ------------------------------------------------------------------ start

function tab(name) {
  for (const b of document.querySelectorAll(".tab")) b.classList.toggle("active", b.dataset.tab === name);
  for (const p of document.querySelectorAll(".pane")) p.classList.toggle("active", p.id === name);
}

async function start() {
  const settings = await call("settings");
  game.maxSeconds = settings.max_seconds;
  const {games} = await call("games");
  for (const g of games) addGameOption(g.name, g.title);
  const q = new URLSearchParams(location.search);
  const options = {};
  for (const pair of q.getAll("set")) { const [k, ...v] = pair.split("="); options[k] = v.join("="); }
  if (q.get("seconds")) $("seconds").value = q.get("seconds");
  if (q.get("animation")) game.animation = Number(q.get("animation"));
  const seats = q.get("seats") ? q.get("seats").split(",") : null;
  $("load").addEventListener("click", () => loadGame($("game").value, parseOptions($("options").value)));
  $("game").addEventListener("change", () => loadGame($("game").value, {}));
  $("new").addEventListener("click", newGame);
  $("undo").addEventListener("click", undo);
  $("flip").addEventListener("click", () => { game.flip = !game.flip; show(game.pos); });
  $("solve").addEventListener("click", solveGame);
  $("scramble").addEventListener("click", scramble);
  $("step").addEventListener("click", step);
  $("animate").addEventListener("click", animate);
  $("restart").addEventListener("click", newGame);
  $("check").addEventListener("click", checkGrid);
  $("csolve").addEventListener("click", solveGrid);
  $("clear").addEventListener("click", () => drawGrid(game.grid.board, game.grid.givens));
  for (const b of document.querySelectorAll(".tab")) b.addEventListener("click", () => tab(b.dataset.tab));
  startEditor({games, play: (name) => { tab("play"); loadGame(name, {}); }});
  if (q.get("tab")) tab(q.get("tab"));
  const name = q.get("game") || settings.default_game || "tictactoe";
  await loadGame(name, options, q.getAll("m"), q.get("start"), seats);
}

start().catch(showError);
