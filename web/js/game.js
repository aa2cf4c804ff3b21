// The page of one game: the board, the players and clocks, moves or sealed orders, the
// move list or the turns with their resolutions drawn on the board, live updates.

import { api, seat, saveSeat, watch, formatClock, escapeHtml, GAME_NAMES } from "./api.js";
import { Board } from "./board.js";
import { pieceIcon, ROLE_NAMES } from "./pieces.js";
import { resolutionDrawing, explanationHtml, supportArrow } from "./resolution.js";
import { topBar } from "./top.js";

const $ = (id) => document.getElementById(id);
/** The player's own unsent or sealed orders are drawn as green arrows. */
const DRAFT = "ok";
const id = location.pathname.split("/").filter(Boolean).pop();

const state = {
  view: null,
  fetchedAt: 0,
  me: seat(id),
  board: null,
  selected: null,
  browsing: null, // sequential: ply index shown (null: the live position)
  browseBoards: new Map(),
  showResolution: null, // simultaneous: index of the turn whose resolution is drawn
  draft: [], // simultaneous: the orders being written
  draftPhase: null,
  error: "",
  busy: false,
  turned: false, // the player turned the board round
  loads: 0, // reads started; an answer older than the last one shown is dropped
  shown: 0,
};

function you() {
  return state.view && state.view.you;
}

function isMyTurn() {
  const v = state.view;
  return !!v && v.status === "active" && !!you() && v.awaiting.includes(you());
}

/* ---------- loading ---------- */

async function joinFromHash() {
  const m = location.hash.match(/invite=([A-Za-z0-9_-]+)/);
  if (!m || state.me) return;
  try {
    const joined = await api("POST", `/api/games/${id}/join`, { invite: m[1] });
    state.me = { token: joined.token, color: joined.color };
    saveSeat(id, state.me);
  } catch (e) {
    state.error = `Could not join: ${e.message}`;
  }
  history.replaceState(null, "", location.pathname);
}

async function load() {
  const ticket = ++state.loads;
  try {
    const view = await api("GET", `/api/games/${id}`, undefined, state.me && state.me.token);
    if (ticket < state.shown) return;
    state.shown = ticket;
    const before = state.view;
    state.view = view;
    state.fetchedAt = Date.now();
    if (view.kind === "simultaneous") {
      const turns = view.history.length;
      if (before && before.history.length < turns) state.showResolution = turns - 1;
      if (state.draftPhase !== `${view.phase}`) {
        state.draftPhase = `${view.phase}`;
        state.draft = view.pending ? [...view.pending] : [];
        state.selected = null;
      }
    } else if (before && before.version !== view.version) {
      state.selected = null;
      state.browsing = null;
    }
    render();
  } catch (e) {
    $("status").innerHTML = `<span class="error">${escapeHtml(e.message)}</span>`;
  }
}

/* ---------- the board ---------- */

function ensureBoard() {
  const v = state.view;
  if (!state.board) {
    state.board = new Board($("board"), v.geometry, { onPick: pick, onDrop: drop });
  }
  state.board.setFlip((you() === "black") !== state.turned);
}

function kingCell(board, side) {
  const letter = side === "white" ? "K" : "k";
  return Object.keys(board).find((c) => board[c] === letter) || null;
}

function ownPiece(letter) {
  if (!letter || !you()) return false;
  return you() === "white" ? letter === letter.toUpperCase() : letter === letter.toLowerCase();
}

function drawBoard() {
  const v = state.view;
  ensureBoard();
  // The legend explains a resolution's colours and marks: shown while one is drawn.
  const turn = state.showResolution;
  $("legend").hidden = !(v.kind === "simultaneous" && turn !== null && v.history[turn] && v.history[turn].resolution);
  if (v.kind === "sequential") return drawSequential();
  return drawSimultaneous();
}

function drawSequential() {
  const v = state.view;
  if (state.browsing !== null) {
    // A past position (-1: the start), drawn from the server's board of its position string.
    const ply = state.browsing >= 0 ? v.played[state.browsing] : null;
    const pieces = state.browseBoards.get(state.browsing);
    if (!pieces) fetchBoard(state.browsing, ply ? ply.position : v.start_position);
    state.board.render({ pieces: pieces || {}, lastMove: ply });
    return;
  }
  const targets = {};
  if (state.selected && isMyTurn()) {
    for (const m of v.legal.filter((m) => m.from === state.selected)) {
      targets[m.to] = m.suborn ? "suborn" : v.board[m.to] ? "capture" : "move";
    }
  }
  state.board.render({
    pieces: v.board,
    selected: state.selected,
    targets,
    lastMove: v.last_move,
    check: v.check ? kingCell(v.board, v.to_move) : null,
  });
}

async function fetchBoard(ply, position) {
  try {
    const p = await api("POST", "/api/position", { game: state.view.game, options: state.view.options, position });
    state.browseBoards.set(ply, p.board);
    if (state.browsing === ply) drawBoard();
  } catch {
    /* the live board stays */
  }
}

function myOrdersFor(cell) {
  return (state.view.legal || []).filter((o) => o.from === cell);
}

function drawSimultaneous() {
  const v = state.view;
  const turn = state.showResolution;
  if (turn !== null && v.history[turn] && v.history[turn].resolution) {
    const drawing = resolutionDrawing(v.history[turn].resolution);
    state.board.render(drawing);
    return;
  }
  const pieces = v.board;
  const dislodged = v.dislodged || [];
  const targets = {};
  if (state.selected && canOrder()) {
    for (const o of myOrdersFor(state.selected)) {
      if ((o.kind === "move" || o.kind === "castle") && o.to) targets[o.to] = pieces[o.to] ? "capture" : "move";
    }
  }
  // The draft drawn as arrows: what this player has written so far (seen only here).
  const draftOrders = state.draft
    .map((text) => (v.legal || []).find((o) => o.order === text))
    .filter(Boolean);
  const arrows = draftOrders
    .filter((o) => o.from && o.to && (o.from !== o.to || o.kind === "support"))
    .map((o) => (o.kind === "support" ? supportArrow(o) : { from: o.from, to: o.to, kind: DRAFT }));
  const marks = draftOrders.filter((o) => o.kind === "hold").map((o) => ({ cell: o.from, kind: "hold" }));
  state.board.render({ pieces, selected: state.selected, targets, dislodged, arrows, marks,
    pendingCells: draftOrders.map((o) => o.from).filter(Boolean) });
}

/* ---------- input ---------- */

function canOrder() {
  const v = state.view;
  return !!v && v.kind === "simultaneous" && v.status === "active" && !!you() && (v.legal || []).length > 0 && !v.result;
}

function pick(cell, { dragStart } = {}) {
  const v = state.view;
  if (!v) return;
  if (v.kind === "sequential") {
    if (state.browsing !== null) {
      state.browsing = null;
      return render();
    }
    if (!isMyTurn()) return;
    if (state.selected && state.selected !== cell && !dragStart) {
      const moves = v.legal.filter((m) => m.from === state.selected && m.to === cell);
      if (moves.length) return choose(moves);
    }
    const mine = ownPiece(v.board[cell]) && v.legal.some((m) => m.from === cell);
    state.selected = mine && state.selected !== cell ? cell : dragStart && mine ? cell : null;
    return drawBoard();
  }
  if (state.showResolution !== null) {
    state.showResolution = null;
    return render();
  }
  if (!canOrder()) return;
  if (state.selected && state.selected !== cell && !dragStart) {
    const orders = myOrdersFor(state.selected).filter((o) => (o.kind === "move" || o.kind === "castle") && o.to === cell);
    // A click on another piece also offers the selected piece's supports of it (to hold, or
    // to move), and giving that piece orders instead.
    const supports = myOrdersFor(state.selected).filter((o) => o.kind === "support" && o.target === cell);
    if (supports.length) return chooseOrder(orders.concat(supports), myOrdersFor(cell).length ? cell : null);
    if (orders.length) return chooseOrder(orders);
  }
  const has = myOrdersFor(cell).length > 0;
  state.selected = has && (state.selected !== cell || dragStart) ? cell : null;
  render();
}

function drop(from, to) {
  const v = state.view;
  if (v.kind === "sequential") {
    if (!isMyTurn()) return;
    const moves = v.legal.filter((m) => m.from === from && m.to === to);
    if (moves.length) return choose(moves);
    state.selected = null;
    return drawBoard();
  }
  if (!canOrder()) return;
  const orders = myOrdersFor(from).filter((o) => (o.kind === "move" || o.kind === "castle") && o.to === to);
  if (orders.length) return chooseOrder(orders);
}

/** One of several moves between the same cells (promotion, push, extra step): ask. */
function choose(moves) {
  if (moves.length === 1) return send(moves[0]);
  const label = (m) => {
    const icon = m.promotion ? pieceIcon(state.view.to_move === "white" ? m.promotion : m.promotion.toLowerCase(), 30) : "";
    const what = m.promotion ? `promote to ${ROLE_NAMES[m.promotion] || m.promotion}` : "";
    return `${icon}<span>${escapeHtml(m.san)}</span> <span class="muted small">${escapeHtml(what)}</span>`;
  };
  $("chooser").innerHTML = `<div class="chooser"><div class="panel"><b>Which move?</b>
    ${moves.map((m, i) => `<button data-i="${i}" data-choice="${escapeHtml(m.coordinate)}">${label(m)}</button>`).join("")}
    <button class="muted" data-cancel>Cancel</button></div></div>`;
  for (const b of $("chooser").querySelectorAll("button")) {
    b.onclick = () => {
      $("chooser").innerHTML = "";
      if (b.dataset.i !== undefined) send(moves[Number(b.dataset.i)]);
      else drawBoard();
    };
  }
}

async function send(move) {
  state.selected = null;
  state.error = "";
  try {
    const view = await api("POST", `/api/games/${id}/move`, { move: move.coordinate, version: state.view.version }, state.me.token);
    state.view = view;
    state.fetchedAt = Date.now();
  } catch (e) {
    state.error = e.message;
  }
  render();
}

/** One of several orders (or the only one): ask. `instead`: a piece the player may rather
 *  give orders to (the click that offered supports may have meant to select it). */
function chooseOrder(orders, instead = null) {
  if (orders.length === 1 && !instead) return addOrder(orders[0].order);
  $("chooser").innerHTML = `<div class="chooser"><div class="panel"><b>Which order?</b>
    ${orders.map((o, i) => `<button data-i="${i}" class="mono">${escapeHtml(o.order)}</button>`).join("")}
    ${instead ? `<button data-instead>Give orders to the piece on ${escapeHtml(instead)} instead</button>` : ""}
    <button data-cancel>Cancel</button></div></div>`;
  for (const b of $("chooser").querySelectorAll("button")) {
    b.onclick = () => {
      $("chooser").innerHTML = "";
      if (b.dataset.i !== undefined) return addOrder(orders[Number(b.dataset.i)].order);
      if (b.dataset.instead !== undefined) state.selected = instead;
      render();
    };
  }
}

/** Whether a piece takes one order (so a new one replaces the old): every game but
 *  Diplomacy Chess's progressive series, where a piece may move at several steps. */
function onePerPiece() {
  const v = state.view;
  return !(v.game === "diplomacy-chess" && v.options.mode === "progressive");
}

function addOrder(text) {
  const v = state.view;
  const order = (v.legal || []).find((o) => o.order === text);
  if (order && onePerPiece() && order.from) {
    state.draft = state.draft.filter((t) => {
      const other = v.legal.find((o) => o.order === t);
      return !other || other.from !== order.from;
    });
  }
  state.draft.push(text);
  state.selected = null;
  render();
}

async function seal() {
  state.error = "";
  state.busy = true;
  render();
  try {
    await api("POST", `/api/games/${id}/orders`, { orders: state.draft, version: state.view.version }, state.me.token);
    // Sealed (202) or resolved (200): read the game again as this player sees it.
    await load();
  } catch (e) {
    state.error = e.message;
  }
  state.busy = false;
  render();
}

async function resign() {
  if (!confirm("Resign this game?")) return;
  try {
    await api("POST", `/api/games/${id}/resign`, undefined, state.me.token);
    await load();
  } catch (e) {
    state.error = e.message;
    render();
  }
}

/** Asks for a rematch (colours swapped); the first to ask creates it, the other joins it. */
async function rematch() {
  try {
    const r = await api("POST", `/api/games/${id}/rematch`, undefined, state.me.token);
    saveSeat(r.id, { token: r.token, color: r.color });
    location.href = `/games/${r.id}`;
  } catch (e) {
    state.error = e.message;
    render();
  }
}

/* ---------- the side panels ---------- */

function clockMs(side) {
  const c = state.view.clock;
  if (!c || c.kind !== "fischer") return null;
  let ms = c[`${side}_ms`];
  if (c.running === side) ms -= Date.now() - state.fetchedAt;
  return ms;
}

function playerPanel(side) {
  const v = state.view;
  const p = v.players[side];
  const colour = side === "white" ? "White" : "Black";
  const name = p === "human"
    ? (you() === side ? `You · ${colour}` : v.seats[side] ? colour : `${colour} · waiting for a player…`)
    : `Computer · ${p.replace(/^engine:?/, "level ").replace(/@.*/, "") || "full strength"}`;
  const ms = clockMs(side);
  const running = v.clock && v.clock.running === side;
  const toMove = v.status === "active" && v.awaiting.includes(side);
  const clock = ms === null ? "" : `<span class="clock ${running ? "running" : ""} ${ms < 20000 ? "low" : ""}" data-clock="${side}">${formatClock(ms)}</span>`;
  let sealed = "";
  if (v.kind === "simultaneous" && v.status === "active" && !v.result) {
    // A side may owe nothing this phase (a DiploChess retreat of the other side).
    const idle = !(v.due || []).includes(side);
    sealed = toMove ? `<span class="sealed" data-sealed="${side}">writing orders…</span>`
      : idle ? `<span class="sealed" data-sealed="${side}">nothing to order</span>`
        : `<span class="sealed yes" data-sealed="${side}">orders sealed ✓</span>`;
  }
  return `<span class="name"><span class="dotc ${side}"></span>${escapeHtml(name)}</span>${sealed}${clock}`;
}

function statusHtml() {
  const v = state.view;
  const game = GAME_NAMES[v.game] || v.game;
  const opts = Object.entries(v.options).map(([k, x]) => `${k}=${x}`).join(", ");
  let line;
  if (v.result) {
    const winner = v.result.token === "1-0" ? "White wins" : v.result.token === "0-1" ? "Black wins" : v.result.token === "1/2-1/2" ? "Draw" : v.result.token;
    line = `<span class="big" data-result="${escapeHtml(v.result.token)}">${winner}</span> <span class="muted">(${escapeHtml(v.result.reason)})</span>`;
  } else if (v.status === "waiting") {
    line = `<span class="big">Waiting for the opponent</span>`;
  } else if (v.kind === "sequential") {
    const who = v.to_move === you() ? "Your move" : `${v.to_move === "white" ? "White" : "Black"} to move`;
    line = `<span class="big">${who}</span>${v.check ? ' <b style="color:var(--danger)">check</b>' : ""}`;
  } else {
    const mine = you() && v.awaiting.includes(you());
    line = `<span class="big">${escapeHtml(v.phase || "")}</span> — ${mine ? "your orders are due" : you() ? "waiting for the other side" : "orders being written"}`;
  }
  let deadline = "";
  // A running clock already shows the time left; other deadlines are counted down here.
  if (v.deadline && !v.result && !(v.clock && v.clock.kind === "fischer")) {
    deadline = `<div class="small">Deadline in <b data-deadline>${formatClock(v.deadline - Date.now())}</b></div>`;
  }
  return `<div class="small muted">${escapeHtml(game)}${opts ? ` · ${escapeHtml(opts)}` : ""}</div>
    <div>${line}</div>${deadline}${state.error ? `<div class="error" data-error>${escapeHtml(state.error)}</div>` : ""}`;
}

function sequentialPanel() {
  const v = state.view;
  const flat = [];
  for (const t of v.history) for (const m of t.moves) flat.push({ ...m, turn: t.turn });
  const current = state.browsing === null ? flat.length - 1 : state.browsing;
  let rows = "";
  let i = 0;
  while (i < flat.length) {
    const m = flat[i];
    const white = m.side === "white" ? m : null;
    const black = white ? (flat[i + 1] && flat[i + 1].side === "black" ? flat[i + 1] : null) : m;
    const cell = (mv, k) => mv ? `<span class="mv ${k === current ? "current" : ""}" data-ply="${k}">${escapeHtml(mv.san)}</span>` : `<span class="mv"></span>`;
    const wi = white ? i : null;
    const bi = black ? (white ? i + 1 : i) : null;
    rows += `<span class="n">${m.turn}</span>${cell(white, wi)}${cell(black, bi)}`;
    i += (white ? 1 : 0) + (black ? 1 : 0);
  }
  const drops = isMyTurn() ? v.legal.filter((m) => m.from === null) : [];
  const dropsHtml = drops.length ? `<div class="small muted" style="margin-top:8px">Drops from your hand:</div>
    <div class="order-choices">${drops.map((m) => `<button data-drop="${escapeHtml(m.coordinate)}">${escapeHtml(m.san)}</button>`).join("")}</div>` : "";
  return `<h2>Moves</h2><div class="moves" id="moves">${rows || '<span class="muted small" style="grid-column:1/4;padding:6px">No moves yet.</span>'}</div>
    <div class="nav"><button data-nav="first" title="start">«</button><button data-nav="prev" title="back">‹</button>
    <button data-nav="next" title="forward">›</button><button data-nav="last" title="now">»</button></div>${dropsHtml}`;
}

function simultaneousPanel() {
  const v = state.view;
  let html = "";
  if (canOrder()) {
    const entries = state.draft.map((t, i) => `<li data-order="${escapeHtml(t)}"><span>${i + 1}. ${escapeHtml(t)}</span><button data-remove="${i}" title="remove">✕</button></li>`).join("");
    const sel = state.selected ? myOrdersFor(state.selected) : [];
    const others = sel.filter((o) => o.kind !== "move");
    const unplaced = (v.legal || []).filter((o) => !o.from);
    const buttons = (list) => `<div class="order-choices">${list.slice(0, 80).map((o) => `<button data-add="${escapeHtml(o.order)}">${escapeHtml(o.order)}</button>`).join("")}</div>`;
    const sealedNote = v.pending ? `<div class="sealed yes">Your orders are sealed; you may still change them.</div>` : "";
    html += `<h2>Your orders</h2>${sealedNote}
      <ol class="orders-list" id="draft">${entries || '<li class="muted" style="font-family:inherit">Click one of your pieces, then where it goes (or an order below).</li>'}</ol>
      ${state.selected ? `<div class="small muted">Orders for the piece on ${escapeHtml(state.selected)}:</div>${buttons(others.length ? others : sel)}` : ""}
      ${unplaced.length ? `<div class="small muted">Builds:</div>${buttons(unplaced)}` : ""}
      ${v.game === "diplomacy-chess" ? `<div style="display:flex;gap:6px;margin-top:8px"><input type="text" id="entry" placeholder="${v.options.mode === "progressive" ? "entry, e.g. Nh6?e5:d5" : "order, e.g. e4"}" style="flex:1"><button id="add-entry">Add</button></div>` : ""}
      <div style="display:flex;gap:8px;margin-top:10px"><button class="primary" id="seal" ${state.busy ? "disabled" : ""} style="flex:1">${v.pending ? "Seal again" : "Seal orders"}</button>
      <button id="clear">Clear</button></div>`;
  } else if (v.status === "active" && you() && !v.result) {
    html += `<h2>Your orders</h2><p class="muted small">You have nothing to order this phase.</p>`;
  }
  const turns = v.history.map((t, i) => `<button data-turn="${i}" class="${state.showResolution === i ? "on" : ""}">${escapeHtml(t.phase)}</button>`).reverse().join("");
  const shown = state.showResolution !== null ? v.history[state.showResolution] : null;
  html += `<h2 style="margin-top:12px">Turns</h2>${turns ? `<div class="tabs" style="flex-wrap:wrap"><button data-turn="now" class="${state.showResolution === null ? "on" : ""}">Now</button>${turns}</div>` : '<p class="muted small">No turn resolved yet.</p>'}
    ${shown ? `<div class="small muted">${escapeHtml(shown.phase)}: the board before it, with what happened.</div>${explanationHtml(shown)}` : ""}`;
  return html;
}

function render() {
  const v = state.view;
  if (!v) return;
  // A tab in the background tells its player that a move or orders are due.
  document.title = `${isMyTurn() ? "● Your turn · " : ""}${GAME_NAMES[v.game] || v.game} · diplo`;
  drawBoard();
  const bottom = you() === "black" ? "black" : "white";
  const top = bottom === "white" ? "black" : "white";
  $("player-top").innerHTML = playerPanel(top);
  $("player-bottom").innerHTML = playerPanel(bottom);
  $("player-top").classList.toggle("to-move", v.status === "active" && v.awaiting.includes(top));
  $("player-bottom").classList.toggle("to-move", v.status === "active" && v.awaiting.includes(bottom));
  $("status").innerHTML = statusHtml();
  const invite = state.me && state.me.invite && v.status === "waiting";
  $("invite").innerHTML = invite ? `<div class="banner">Send this link to your opponent:
    <div class="copy-row"><input type="text" readonly id="invite-link" value="${escapeHtml(`${location.origin}/games/${id}#invite=${state.me.invite}`)}">
    <button id="copy-invite">Copy</button></div></div>` : "";
  $("play-panel").innerHTML = v.kind === "sequential" ? sequentialPanel() : simultaneousPanel();
  const analysis = new URLSearchParams({ game: v.game, position: v.position, options: JSON.stringify(v.options) });
  $("record-panel").innerHTML = `<div style="display:flex;gap:8px;flex-wrap:wrap">
    <a class="button" href="/api/games/${id}/record" download="${id}.pgn">Record</a>
    <a class="button" href="/analysis.html?${analysis}">Analyse</a>
    ${you() && v.status === "active" && !v.result ? '<button class="danger" id="resign">Resign</button>' : ""}
    ${you() && v.result ? `<button class="primary" id="rematch">${v.rematch ? "Join the rematch" : "Rematch"}</button>` : ""}
    <button id="flip">Flip board</button></div>`;
  wire();
  if (v.kind === "sequential") {
    const cur = document.querySelector(".moves .current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
  }
}

function wire() {
  const v = state.view;
  const on = (sel, fn) => { for (const el of document.querySelectorAll(sel)) el.onclick = () => fn(el); };
  on("[data-ply]", (el) => { state.browsing = Number(el.dataset.ply); render(); });
  on("[data-nav]", (el) => {
    const last = v.played.length - 1;
    const cur = state.browsing === null ? last : state.browsing;
    const to = { first: -1, prev: cur - 1, next: cur + 1, last }[el.dataset.nav];
    state.browsing = to >= last ? null : Math.max(-1, to);
    render();
  });
  on("[data-drop]", (el) => send({ coordinate: el.dataset.drop }));
  on("[data-add]", (el) => addOrder(el.dataset.add));
  on("[data-remove]", (el) => { state.draft.splice(Number(el.dataset.remove), 1); render(); });
  on("[data-turn]", (el) => { state.showResolution = el.dataset.turn === "now" ? null : Number(el.dataset.turn); render(); });
  on("#seal", seal);
  on("#clear", () => { state.draft = []; render(); });
  on("#resign", resign);
  on("#rematch", rematch);
  on("#flip", () => {
    state.turned = !state.turned;
    drawBoard();
  });
  on("#add-entry", () => {
    const text = $("entry").value.trim();
    if (text) addOrder(text);
  });
  const link = $("invite-link");
  if (link) link.onclick = () => link.select();
  on("#copy-invite", async (button) => {
    link.select();
    try {
      await navigator.clipboard.writeText(link.value);
      button.textContent = "Copied";
    } catch {
      button.textContent = "Select and copy";
    }
  });
}

function tick() {
  const v = state.view;
  if (!v) return;
  for (const side of ["white", "black"]) {
    const el = document.querySelector(`[data-clock="${side}"]`);
    const ms = clockMs(side);
    if (el && ms !== null) {
      el.textContent = formatClock(ms);
      el.classList.toggle("low", ms < 20000);
    }
  }
  const d = document.querySelector("[data-deadline]");
  if (d && v.deadline) d.textContent = formatClock(v.deadline - Date.now());
}

/** The arrow keys step through a turn-by-turn game's moves, as the buttons do. */
function keys(e) {
  const v = state.view;
  if (!v || v.kind !== "sequential" || e.target.closest("input, textarea, select")) return;
  const nav = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[e.key];
  const button = nav && document.querySelector(`[data-nav="${nav}"]`);
  if (button) {
    e.preventDefault();
    button.click();
  }
}

async function start() {
  topBar({ live: true });
  document.addEventListener("keydown", keys);
  await joinFromHash();
  await load();
  // Each event is a change (a move, sealed orders, a join): read the game again with this
  // player's token, which adds what only the player may see (legal orders, own orders).
  watch(id, () => load(), (s) => {
    $("live").textContent = s === "live" ? "live" : "reconnecting";
    $("live").classList.toggle("off", s !== "live");
  });
  setInterval(tick, 250);
}

start();
