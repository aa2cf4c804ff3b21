// The analysis board: any game and position, moves played on the board (turn-by-turn
// games), and the engine's view: its principal variation, or a side's mixed strategy over
// order sets, drawn on the board.

import { api, escapeHtml } from "./api.js";
import { Board } from "./board.js";
import { supportArrow } from "./resolution.js";
import { topBar } from "./top.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const state = { variants: [], game: null, options: {}, start: null, moves: [], view: null, board: null, engine: null };

function variant() {
  return state.variants.find((g) => g.id === state.game);
}

async function refresh() {
  $("error").textContent = "";
  try {
    const body = { game: state.game, options: state.options, moves: state.moves.map((m) => m.coordinate) };
    if (state.start) body.position = state.start;
    state.view = await api("POST", "/api/position", body);
  } catch (e) {
    $("error").textContent = e.message;
    state.moves.pop();
    return;
  }
  state.engine = null;
  $("result").innerHTML = "";
  $("position").value = state.view.position;
  render();
}

/** The pieces of the side to move with their legal destinations, for the board to offer. */
function movesByPiece(v) {
  const moves = {};
  for (const m of v.legal || []) {
    if (!m.from) continue;
    moves[m.from] = moves[m.from] || {};
    moves[m.from][m.to] = m.suborn ? "suborn" : v.board[m.to] ? "capture" : "move";
  }
  return moves;
}

/** A destination chosen on the board (by a click or a drag): the move, or a chooser. */
function onBoard(event) {
  if (event.type !== "chose" && event.type !== "dropped") return;
  const moves = state.view.legal.filter((m) => m.from === event.from && m.to === event.to);
  if (moves.length) play(moves);
}

function render() {
  const v = state.view;
  if (!state.board || state.board.geometry !== v.geometry) state.board = new Board($("board"), v.geometry, onBoard);
  state.board.render({
    pieces: v.board, moves: movesByPiece(v), selectionKey: v.position, lastMove: v.last_move,
    check: v.check ? Object.keys(v.board).find((c) => v.board[c] === (v.to_move === "white" ? "K" : "k")) : null,
    arrows: state.engine ? state.engine.arrows : [],
  });
  $("side").hidden = v.kind !== "simultaneous";
  const seq = v.kind === "sequential";
  const list = state.moves.map((m, i) => `<span class="mv" data-ply="${i}">${escapeHtml(m.san || m.coordinate)}</span>`).join(" ");
  $("moves-panel").innerHTML = seq
    ? `<h2>Moves</h2><div class="moves" style="display:block;padding:6px">${list || '<span class="muted small">Click a piece, then where it goes.</span>'}</div>
       <div class="nav"><button id="undo">Take back</button><button id="reset">Start again</button></div>
       <p class="small muted">${v.result ? `Game over: ${escapeHtml(v.result.token)} (${escapeHtml(v.result.reason)})` : `${v.to_move === "white" ? "White" : "Black"} to move`}</p>`
    : `<h2>${escapeHtml(v.phase || "")}</h2><p class="small muted">Simultaneous game: the engine's strategy is a probability over whole order sets.</p>`;
  const undo = $("undo");
  if (undo) undo.onclick = () => { state.moves.pop(); refresh(); };
  const reset = $("reset");
  if (reset) reset.onclick = () => { state.moves = []; refresh(); };
}

function play(moves) {
  state.board.deselect();
  const go = (m) => {
    state.moves.push(m);
    refresh();
  };
  if (moves.length === 1) return go(moves[0]);
  $("chooser").innerHTML = `<div class="chooser"><div class="panel"><b>Which move?</b>${moves.map((m, i) => `<button data-i="${i}">${escapeHtml(m.san)}</button>`).join("")}</div></div>`;
  for (const b of $("chooser").querySelectorAll("button")) {
    b.onclick = () => {
      $("chooser").innerHTML = "";
      go(moves[Number(b.dataset.i)]);
    };
  }
}

async function analyse() {
  const v = state.view;
  $("analyse").disabled = true;
  $("result").innerHTML = `<p class="muted small">Thinking…</p>`;
  try {
    const body = { game: state.game, options: state.options, moves: state.moves.map((m) => m.coordinate), movetime_ms: Number($("movetime").value) };
    if (state.start) body.position = state.start;
    if (v.kind === "simultaneous") body.side = $("side").value;
    const a = await api("POST", "/api/analyse", body);
    if (a.kind === "sequential") {
      // The engine scores from the side to move's point of view.
      const mover = v.to_move === "white" ? "White" : "Black";
      const score = !a.score ? ""
        : a.score.mate !== undefined ? (a.score.mate > 0 ? `${mover} mates in ${a.score.mate}` : `${mover} is mated in ${-a.score.mate}`)
          : `${a.score.cp >= 0 ? "+" : ""}${(a.score.cp / 100).toFixed(2)} for ${mover}`;
      state.engine = { arrows: a.pv.slice(0, 1).filter((m) => m.from).map((m) => ({ from: m.from, to: m.to, kind: "engine" })) };
      $("result").innerHTML = `<div><b>${escapeHtml(score)}</b> <span class="muted small">depth ${a.depth ?? "-"} · ${a.nodes ?? 0} nodes</span></div>
        <div class="pv" data-pv>${a.pv.map((m) => escapeHtml(m.san)).join(" ")}</div>`;
    } else {
      const legal = v.legal_orders[$("side").value] || [];
      const top = a.strategy[0] ? a.strategy[0].orders : a.orders;
      const arrows = top.map((t) => legal.find((o) => o.order === t)).filter((o) => o && o.from && o.to && o.from !== o.to)
        .map((o) => (o.kind === "support" ? supportArrow(o) : { from: o.from, to: o.to, kind: "engine" }));
      state.engine = { arrows };
      $("result").innerHTML = `<div><b>${(a.value * 100).toFixed(0)}%</b> <span class="muted small">expected score · ${a.iterations} iterations</span></div>
        <table class="strategy" data-strategy>${a.strategy.map((s) => `<tr><td style="width:60px">${(s.probability * 100).toFixed(0)}%
        <div class="bar" style="width:${Math.max(4, s.probability * 100)}%"></div></td><td><div class="orders">${s.orders.map((o) => `<span class="chip">${escapeHtml(o)}</span>`).join("")}</div></td></tr>`).join("")}</table>`;
    }
    render();
  } catch (e) {
    $("result").innerHTML = `<p class="error">${escapeHtml(e.message)}</p>`;
  }
  $("analyse").disabled = false;
}

function showOptions() {
  const g = variant();
  $("options").innerHTML = g.options.map((o) => `<label>${escapeHtml(o.key)}</label>
    <select data-option="${escapeHtml(o.key)}" style="width:100%">${o.values.map((x) => `<option ${x === (state.options[o.key] || o.default) ? "selected" : ""}>${escapeHtml(x)}</option>`).join("")}</select>`).join("");
  for (const s of document.querySelectorAll("[data-option]")) {
    s.onchange = () => {
      state.options[s.dataset.option] = s.value;
      state.moves = [];
      refresh();
    };
  }
}

async function start() {
  topBar();
  state.variants = (await api("GET", "/api/variants")).games;
  state.game = state.variants.some((g) => g.id === params.get("game")) ? params.get("game") : state.variants[0].id;
  try {
    state.options = JSON.parse(params.get("options") || "{}");
  } catch {
    state.options = {};
  }
  state.start = params.get("position") || null;
  $("game").innerHTML = state.variants.map((g) => `<option value="${g.id}" ${g.id === state.game ? "selected" : ""}>${escapeHtml(g.name)}</option>`).join("");
  $("game").onchange = () => {
    state.game = $("game").value;
    state.options = {};
    state.start = null;
    state.moves = [];
    showOptions();
    refresh();
  };
  $("set").onclick = () => {
    state.start = $("position").value.trim() || null;
    state.moves = [];
    refresh();
  };
  $("analyse").onclick = analyse;
  showOptions();
  await refresh();
}

start();
