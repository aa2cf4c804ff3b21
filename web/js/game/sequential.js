// A turn-by-turn game's page (Diplomat Chess, Diplomatic Chess): moves by click or drag
// (the board offers each piece's legal moves), a chooser when several moves join the same
// two cells, drops from the hand, and the move list, which steps back through the game.
//
// The state is the shared fields (frame.js) and
//   browsing    the ply whose position is shown: null the live one, -1 the start;
//   pastBoards  {ply: board} of the plies browsed, read from the server once each;
//   choice      the moves the player is choosing among (the chooser is open), or null.

import { api, escapeHtml } from "../api.js";
import { Board } from "../board.js";
import { pieceIcon, ROLE_NAMES } from "../pieces.js";
import { startLoop } from "./loop.js";
import {
  flipped, isMyTurn, onClick, renderFrame, setHtml, sharedState, ticker, updateShared, viewReader, wireFrame, you,
} from "./frame.js";

const $ = (id) => document.getElementById(id);

/** The ply the move list's buttons go to (`first`, `prev`, `next`, `last`), as `browsing`. */
function plyAfter(state, nav) {
  const last = state.view.played.length - 1;
  const current = state.browsing === null ? last : state.browsing;
  const to = { first: -1, prev: current - 1, next: current + 1, last }[nav];
  return to >= last ? null : Math.max(-1, to);
}

export function update(state, message) {
  switch (message.type) {
    case "loaded": {
      const next = updateShared(state, message);
      // A move was played (or the game ended): back to the live position, whose moves differ.
      const moved = next !== state && state.view && state.view.version !== next.view.version;
      return moved ? { ...next, browsing: null, choice: null } : next;
    }
    case "browsed":
      return { ...state, browsing: message.ply, choice: null };
    case "navigated":
      return { ...state, browsing: plyAfter(state, message.nav), choice: null };
    case "pastBoardRead":
      return { ...state, pastBoards: { ...state.pastBoards, [message.ply]: message.board } };
    case "choiceOpened":
      return { ...state, choice: { moves: message.moves } };
    case "choiceClosed":
      return { ...state, choice: null };
    default:
      return updateShared(state, message);
  }
}

/** The player's pieces that may move now, each with its destinations as the board marks
 *  them. */
function movesByPiece(view) {
  const moves = {};
  if (!isMyTurn(view)) return moves;
  for (const m of view.legal) {
    if (!m.from) continue; // a drop: a button under the move list
    moves[m.from] = moves[m.from] || {};
    moves[m.from][m.to] = m.suborn ? "suborn" : view.board[m.to] ? "capture" : "move";
  }
  return moves;
}

function kingCell(board, side) {
  const letter = side === "white" ? "K" : "k";
  return Object.keys(board).find((c) => board[c] === letter) || null;
}

/** What the board draws: a past position while browsing, else the live one with the moves
 *  the player may make. */
function boardDrawing(state) {
  const v = state.view;
  if (state.browsing !== null) {
    const ply = state.browsing >= 0 ? v.played[state.browsing] : null;
    return { pieces: state.pastBoards[state.browsing] || {}, lastMove: ply, flip: flipped(state) };
  }
  return {
    pieces: v.board,
    moves: movesByPiece(v),
    selectionKey: v.version,
    lastMove: v.last_move,
    check: v.check ? kingCell(v.board, v.to_move) : null,
    flip: flipped(state),
  };
}

function statusLine(state) {
  const v = state.view;
  const who = v.to_move === you(v) ? "Your move" : `${v.to_move === "white" ? "White" : "Black"} to move`;
  return `<span class="big">${who}</span>${v.check ? ' <b style="color:var(--danger)">check</b>' : ""}`;
}

/** The move list in rows of a white and a black move, the current one marked; the
 *  navigation buttons; the drops from the player's hand. */
function panelHtml(state) {
  const v = state.view;
  const flat = [];
  for (const t of v.history) for (const m of t.moves) flat.push({ ...m, turn: t.turn });
  const current = state.browsing === null ? flat.length - 1 : state.browsing;
  const cell = (mv, k) => mv ? `<span class="mv ${k === current ? "current" : ""}" data-ply="${k}">${escapeHtml(mv.san)}</span>` : `<span class="mv"></span>`;
  let rows = "";
  let i = 0;
  while (i < flat.length) {
    // A row starts with White's move; a game (or a list) that starts with Black's leaves
    // White's cell empty.
    const white = flat[i].side === "white" ? flat[i] : null;
    const black = white ? (flat[i + 1] && flat[i + 1].side === "black" ? flat[i + 1] : null) : flat[i];
    rows += `<span class="n">${flat[i].turn}</span>${cell(white, white ? i : null)}${cell(black, black ? (white ? i + 1 : i) : null)}`;
    i += (white ? 1 : 0) + (black ? 1 : 0);
  }
  const drops = isMyTurn(v) ? v.legal.filter((m) => m.from === null) : [];
  const dropsHtml = drops.length ? `<div class="small muted" style="margin-top:8px">Drops from your hand:</div>
    <div class="order-choices">${drops.map((m) => `<button data-drop="${escapeHtml(m.coordinate)}">${escapeHtml(m.san)}</button>`).join("")}</div>` : "";
  return `<h2>Moves</h2><div class="moves" id="moves">${rows || '<span class="muted small" style="grid-column:1/4;padding:6px">No moves yet.</span>'}</div>
    <div class="nav"><button data-nav="first" title="start">«</button><button data-nav="prev" title="back">‹</button>
    <button data-nav="next" title="forward">›</button><button data-nav="last" title="now">»</button></div>${dropsHtml}`;
}

/** The chooser among moves between the same two cells (promotion, push, extra step). */
function chooserHtml(state) {
  if (!state.choice) return "";
  const label = (m) => {
    const icon = m.promotion ? pieceIcon(state.view.to_move === "white" ? m.promotion : m.promotion.toLowerCase(), 30) : "";
    const what = m.promotion ? `promote to ${ROLE_NAMES[m.promotion] || m.promotion}` : "";
    return `${icon}<span>${escapeHtml(m.san)}</span> <span class="muted small">${escapeHtml(what)}</span>`;
  };
  return `<div class="chooser"><div class="panel"><b>Which move?</b>
    ${state.choice.moves.map((m, i) => `<button data-i="${i}" data-choice="${escapeHtml(m.coordinate)}">${label(m)}</button>`).join("")}
    <button class="muted" data-cancel>Cancel</button></div></div>`;
}

/** Runs the page of a sequential game: `context` {id, seat, variant, error} and the first
 *  view read. Returns what the page forwards to it: `read()` (on a live update), `key(e)`,
 *  `tick()`. */
export function startSequential(context, view) {
  const board = new Board($("board"), view.geometry, (event) => onBoard(event));
  const initial = update({ ...sharedState(context), browsing: null, pastBoards: {}, choice: null },
    { type: "loaded", view, ticket: 0, at: Date.now() });
  // The reader dispatches into the loop; it first reads once the loop runs.
  const reader = viewReader(context.id, context.seat, (message) => loop.dispatch(message));
  const loop = startLoop(initial, update, render);

  function render(state, dispatch) {
    board.render(boardDrawing(state));
    renderFrame(state, {
      line: statusLine(state), due: "your move",
      warning: isMyTurn(state.view) ? "Your move is due: when the time is up, the game is lost on time." : "",
    });
    setHtml($("play-panel"), panelHtml(state));
    setHtml($("chooser"), chooserHtml(state));
    onClick("[data-ply]", (el) => browse({ type: "browsed", ply: Number(el.dataset.ply) }));
    onClick("[data-nav]", (el) => browse({ type: "navigated", nav: el.dataset.nav }));
    onClick("[data-drop]", (el) => send({ coordinate: el.dataset.drop }));
    onClick(".chooser [data-choice]", (el) => {
      dispatch({ type: "choiceClosed" });
      send(state.choice.moves[Number(el.dataset.i)]);
    });
    // Cancelled: the piece stays picked, its moves shown.
    onClick(".chooser [data-cancel]", () => dispatch({ type: "choiceClosed" }));
    wireFrame(state, dispatch, reader.read);
    const current = document.querySelector(".moves .current");
    if (current) current.scrollIntoView({ block: "nearest" });
  }

  function onBoard(event) {
    const state = loop.current();
    if (event.type === "chose" || event.type === "dropped") {
      const moves = state.view.legal.filter((m) => m.from === event.from && m.to === event.to);
      if (moves.length === 1) send(moves[0]);
      else loop.dispatch({ type: "choiceOpened", moves });
    } else if (event.type === "clicked" && state.browsing !== null) {
      // A click on the board while browsing comes back to the game.
      browse({ type: "browsed", ply: null });
    }
  }

  /** Shows another ply, reading its position's board the first time. */
  function browse(message) {
    loop.dispatch(message);
    const { browsing, pastBoards, view: v } = loop.current();
    if (browsing === null || pastBoards[browsing]) return;
    const position = browsing >= 0 ? v.played[browsing].position : v.start_position;
    api("POST", "/api/position", { game: v.game, options: v.options, position })
      .then((p) => loop.dispatch({ type: "pastBoardRead", ply: browsing, board: p.board }))
      .catch(() => { /* the board stays empty; the next visit asks again */ });
  }

  async function send(move) {
    board.deselect();
    const state = loop.current();
    loop.dispatch({ type: "acting" });
    const ticket = reader.ticket();
    try {
      const view = await api("POST", `/api/games/${state.id}/move`, { move: move.coordinate, version: state.view.version }, state.seat.token);
      loop.dispatch({ type: "loaded", view, ticket, at: Date.now() });
    } catch (e) {
      loop.dispatch({ type: "failed", error: e.message });
    }
  }

  /** The arrow keys step through the moves, as the buttons under the list do; Escape
   *  closes the chooser (the board drops the pick itself). */
  function key(e) {
    if (e.key === "Escape" && loop.current().choice) return loop.dispatch({ type: "choiceClosed" });
    if (e.target.closest("input, textarea, select")) return;
    const nav = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[e.key];
    if (!nav) return;
    e.preventDefault();
    browse({ type: "navigated", nav });
  }

  return { read: reader.read, key, tick: ticker(loop) };
}
