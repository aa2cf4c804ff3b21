// A simultaneous game's page (Diplomacy Chess, DiploChess): orders written on the board (a
// piece, then where it goes or the piece it supports) or picked from the piece's list,
// drawn on the player's own board, and sealed; who has sealed (never what); each resolved
// turn drawn on the board it was ordered on. How orders are entered (typed too, one per
// piece) is the view's `entry`, under the game's options; the typed box's example is the
// variant's.
//
// The state is the shared fields (frame.js) and
//   draft       the orders written this phase (texts, as the orders endpoint takes them);
//   draftPhase  the phase the draft belongs to (a new phase starts a new draft);
//   shownTurn   the index of the resolved turn drawn on the board, or null for the present;
//   choice      {from, orders, instead} while the player chooses among orders (the
//               chooser is open; `instead`: a piece the click may have meant to pick), or null;
//   busy        the orders are being sealed.
//
// Which piece is picked is the board's (board.js); the panel lists the picked piece's orders.

import { api, escapeHtml } from "../api.js";
import { Board } from "../board.js";
import { explanationHtml, resolutionDrawing, supportArrow } from "../resolution.js";
import { startLoop } from "./loop.js";
import {
  flipped, isMyTurn, onClick, renderFrame, setHtml, sharedState, tickClocks, updateShared, viewReader, wireFrame, you,
} from "./frame.js";

const $ = (id) => document.getElementById(id);
/** The player's unsent or sealed orders are drawn as green arrows. */
const DRAFT = "ok";
/** How orders are entered when a view says nothing of it: on the board, one per piece. */
const BOARD_ONLY = { typed: null, one_per_piece: true, by_piece: false };

const isMove = (o) => o.kind === "move" || o.kind === "castle";

function entry(view) {
  return view.entry || BOARD_ONLY;
}

/** Whether the player may write orders now. */
function canOrder(view) {
  return view.status === "active" && !!you(view) && (view.legal || []).length > 0 && !view.result;
}

function ordersFrom(view, cell) {
  return (view.legal || []).filter((o) => o.from === cell);
}

/** The draft with `text` added; where a piece takes one order, it replaces that piece's
 *  earlier one. */
function withOrder(view, draft, text) {
  const legal = view.legal || [];
  const order = legal.find((o) => o.order === text);
  if (!order || !order.from || !entry(view).one_per_piece) return [...draft, text];
  const others = draft.filter((t) => {
    const other = legal.find((o) => o.order === t);
    return !other || other.from !== order.from;
  });
  return [...others, text];
}

export function update(state, message) {
  switch (message.type) {
    case "loaded": {
      let next = updateShared(state, message);
      if (next === state) return state;
      const v = next.view;
      // A turn just resolved: draw it.
      if (state.view && state.view.history.length < v.history.length) next = { ...next, shownTurn: v.history.length - 1 };
      // A new phase: its draft starts from what the player has sealed for it (nothing yet).
      if (next.draftPhase !== `${v.phase}`) {
        next = { ...next, draftPhase: `${v.phase}`, draft: v.pending ? [...v.pending] : [], choice: null };
      }
      return next;
    }
    case "turnShown":
      return { ...state, shownTurn: message.turn };
    case "orderAdded":
      return { ...state, draft: withOrder(state.view, state.draft, message.text), choice: null };
    case "orderRemoved":
      return { ...state, draft: state.draft.filter((_, i) => i !== message.index) };
    case "draftCleared":
      return { ...state, draft: [] };
    case "choiceOpened":
      return { ...state, choice: { from: message.from, orders: message.orders, instead: message.instead } };
    case "choiceClosed":
      return { ...state, choice: null };
    case "pickChanged":
      // The board keeps the pick; only the panel, which lists the piece's orders, changes.
      return state;
    case "sealing":
      return { ...state, busy: true, error: "" };
    case "sealed":
      return { ...state, busy: false };
    case "failed":
      return { ...updateShared(state, message), busy: false };
    default:
      return updateShared(state, message);
  }
}

/** The resolved turn drawn on the board, if one is shown. */
function shownResolution(state) {
  const turn = state.shownTurn === null ? null : state.view.history[state.shownTurn];
  return turn && turn.resolution ? turn : null;
}

/** The pieces the player may order, each with where a click sends it: the cells it may
 *  move to (marked) and the pieces it may support (unmarked). */
function destinations(view) {
  const out = {};
  if (!canOrder(view)) return out;
  for (const o of view.legal) {
    if (!o.from) continue; // a build: a button of its own
    const to = (out[o.from] = out[o.from] || {});
    if (isMove(o) && o.to) to[o.to] = view.board[o.to] ? "capture" : "move";
    else if (o.kind === "support" && o.target && !(o.target in to)) to[o.target] = "support";
  }
  return out;
}

/** What the board draws: a resolved turn, or the present with the player's draft. */
function boardDrawing(state) {
  const v = state.view;
  const flip = flipped(state);
  const turn = shownResolution(state);
  if (turn) return { ...resolutionDrawing(turn.resolution), flip };
  // The draft as arrows and hold marks: what this player has written so far (seen only here).
  const drafted = state.draft.map((text) => (v.legal || []).find((o) => o.order === text)).filter(Boolean);
  const arrows = drafted
    .filter((o) => o.from && o.to && (o.from !== o.to || o.kind === "support"))
    .map((o) => (o.kind === "support" ? supportArrow(o) : { from: o.from, to: o.to, kind: DRAFT }));
  const marks = drafted.filter((o) => o.kind === "hold").map((o) => ({ cell: o.from, kind: "hold" }));
  return {
    pieces: v.board, moves: destinations(v), selectionKey: v.phase, dislodged: v.dislodged || [], arrows, marks,
    pendingCells: drafted.map((o) => o.from).filter(Boolean), flip,
  };
}

function statusLine(state) {
  const v = state.view;
  const doing = isMyTurn(v) ? "your orders are due" : you(v) ? "waiting for the other side" : "orders being written";
  return `<span class="big">${escapeHtml(v.phase || "")}</span> — ${doing}`;
}

/** Beside each player: writing, sealed, or owing nothing this phase (a DiploChess retreat
 *  of the other side). */
function sealedNote(state, side) {
  const v = state.view;
  if (v.status !== "active" || v.result) return "";
  if (v.awaiting.includes(side)) return `<span class="sealed" data-sealed="${side}">writing orders…</span>`;
  if (!(v.due || []).includes(side)) return `<span class="sealed" data-sealed="${side}">nothing to order</span>`;
  return `<span class="sealed yes" data-sealed="${side}">orders sealed ✓</span>`;
}

function orderButtons(orders) {
  return `<div class="order-choices">${orders.slice(0, 80).map((o) => `<button data-add="${escapeHtml(o.order)}">${escapeHtml(o.order)}</button>`).join("")}</div>`;
}

/** The player's orders: the draft, the picked piece's other orders, builds, the typed box,
 *  sealing. */
function ordersHtml(state, picked) {
  const v = state.view;
  const { typed } = entry(v);
  const entries = state.draft.map((t, i) => `<li data-order="${escapeHtml(t)}"><span>${i + 1}. ${escapeHtml(t)}</span><button data-remove="${i}" title="remove">✕</button></li>`).join("");
  // The board gives a piece's moves; the list its other orders (all of them if it has only moves).
  const own = picked ? ordersFrom(v, picked) : [];
  const notMoves = own.filter((o) => o.kind !== "move");
  const builds = (v.legal || []).filter((o) => !o.from);
  const example = typed && state.variant.examples && state.variant.examples[typed];
  const placeholder = example ? `${typed}, e.g. ${example}` : typed;
  return `<h2>Your orders</h2>${v.pending ? `<div class="sealed yes">Your orders are sealed; you may still change them.</div>` : ""}
    <ol class="orders-list" id="draft">${entries || '<li class="muted" style="font-family:inherit">Click one of your pieces, then where it goes (or an order below).</li>'}</ol>
    ${picked ? `<div class="small muted">Orders for the piece on ${escapeHtml(picked)}:</div>${orderButtons(notMoves.length ? notMoves : own)}` : ""}
    ${builds.length ? `<div class="small muted">Builds:</div>${orderButtons(builds)}` : ""}
    ${typed ? `<div style="display:flex;gap:6px;margin-top:8px"><input type="text" id="entry" placeholder="${escapeHtml(placeholder)}" style="flex:1"><button id="add-entry">Add</button></div>` : ""}
    <div style="display:flex;gap:8px;margin-top:10px"><button class="primary" id="seal" ${state.busy ? "disabled" : ""} style="flex:1">${v.pending ? "Seal again" : "Seal orders"}</button>
    <button id="clear">Clear</button></div>`;
}

/** The player's orders (or that there are none to give), then the resolved turns. */
function panelHtml(state, picked) {
  const v = state.view;
  let html = "";
  if (canOrder(v)) html += ordersHtml(state, picked);
  else if (v.status === "active" && you(v) && !v.result) html += `<h2>Your orders</h2><p class="muted small">You have nothing to order this phase.</p>`;
  const tabs = v.history.map((t, i) => `<button data-turn="${i}" class="${state.shownTurn === i ? "on" : ""}">${escapeHtml(t.phase)}</button>`).reverse().join("");
  const shown = state.shownTurn !== null ? v.history[state.shownTurn] : null;
  html += `<h2 style="margin-top:12px">Turns</h2>${tabs ? `<div class="tabs" style="flex-wrap:wrap"><button data-turn="now" class="${state.shownTurn === null ? "on" : ""}">Now</button>${tabs}</div>` : '<p class="muted small">No turn resolved yet.</p>'}
    ${shown ? `<div class="small muted">${escapeHtml(shown.phase)}: the board before it, with what happened.</div>${explanationHtml(shown)}` : ""}`;
  return html;
}

/** The chooser among orders: moves to a cell and supports of the piece on it. */
function chooserHtml(state) {
  const c = state.choice;
  if (!c) return "";
  return `<div class="chooser"><div class="panel"><b>Which order?</b>
    ${c.orders.map((text, i) => `<button data-i="${i}" class="mono">${escapeHtml(text)}</button>`).join("")}
    ${c.instead ? `<button data-instead>Give orders to the piece on ${escapeHtml(c.instead)} instead</button>` : ""}
    <button data-cancel>Cancel</button></div></div>`;
}

/** Runs the page of a simultaneous game: `context` {id, seat, variant, error} and the first
 *  view read. Returns what the page forwards to it: `read()` (on a live update), `key(e)`,
 *  `tick()`. */
export function startSimultaneous(context, view) {
  const board = new Board($("board"), view.geometry, (event) => onBoard(event));
  const initial = update({ ...sharedState(context), draft: [], draftPhase: null, shownTurn: null, choice: null, busy: false },
    { type: "loaded", view, ticket: 0, at: Date.now() });
  // The reader dispatches into the loop; it first reads once the loop runs.
  const reader = viewReader(context.id, context.seat, (message) => loop.dispatch(message));
  const loop = startLoop(initial, update, render);

  function render(state, dispatch) {
    board.render(boardDrawing(state));
    // The legend explains a resolution's colours and marks: shown while one is drawn.
    $("legend").hidden = !shownResolution(state);
    renderFrame(state, { line: statusLine(state), note: (side) => sealedNote(state, side) });
    setHtml($("play-panel"), panelHtml(state, board.selected));
    setHtml($("chooser"), chooserHtml(state));
    onClick("[data-add]", (el) => addOrder(el.dataset.add));
    onClick("[data-remove]", (el) => dispatch({ type: "orderRemoved", index: Number(el.dataset.remove) }));
    onClick("[data-turn]", (el) => dispatch({ type: "turnShown", turn: el.dataset.turn === "now" ? null : Number(el.dataset.turn) }));
    onClick("#seal", () => seal());
    onClick("#clear", () => dispatch({ type: "draftCleared" }));
    onClick("#add-entry", () => {
      const text = $("entry").value.trim();
      if (text) addOrder(text);
    });
    onClick(".chooser [data-i]", (el) => addOrder(state.choice.orders[Number(el.dataset.i)]));
    onClick(".chooser [data-instead]", () => {
      board.select(state.choice.instead);
      dispatch({ type: "choiceClosed" });
    });
    // Cancelled: the piece stays picked.
    onClick(".chooser [data-cancel]", () => dispatch({ type: "choiceClosed" }));
    wireFrame(state, dispatch, reader.read);
  }

  function onBoard(event) {
    const state = loop.current();
    const v = state.view;
    if (event.type === "chose" || event.type === "dropped") {
      const own = ordersFrom(v, event.from);
      const moves = own.filter((o) => isMove(o) && o.to === event.to);
      // A click on another piece also offers the picked piece's supports of it (to hold, or
      // to move), and giving that piece orders instead. A drag only moves.
      const supports = event.type === "chose" ? own.filter((o) => o.kind === "support" && o.target === event.to) : [];
      if (supports.length) offer(event.from, moves.concat(supports), ordersFrom(v, event.to).length ? event.to : null);
      else if (moves.length) offer(event.from, moves, null);
    } else if (event.type === "clicked" && state.shownTurn !== null) {
      // A click on the board while a resolved turn is shown comes back to the present.
      loop.dispatch({ type: "turnShown", turn: null });
    } else if (event.type === "picked" || event.type === "deselected") {
      loop.dispatch({ type: "pickChanged" });
    }
  }

  /** One order is taken at once; several (or a piece to pick instead) are asked about. */
  function offer(from, orders, instead) {
    if (orders.length === 1 && !instead) return addOrder(orders[0].order);
    loop.dispatch({ type: "choiceOpened", from, orders: orders.map((o) => o.order), instead });
  }

  function addOrder(text) {
    board.deselect();
    loop.dispatch({ type: "orderAdded", text });
  }

  async function seal() {
    const state = loop.current();
    loop.dispatch({ type: "sealing" });
    try {
      await api("POST", `/api/games/${state.id}/orders`, { orders: state.draft, version: state.view.version }, state.seat.token);
      // Sealed (202) or resolved (200): read the game again as this player sees it.
      await reader.read();
      loop.dispatch({ type: "sealed" });
    } catch (e) {
      loop.dispatch({ type: "failed", error: e.message });
    }
  }

  /** Escape also closes the chooser. */
  function key(e) {
    if (e.key === "Escape" && loop.current().choice) loop.dispatch({ type: "choiceClosed" });
  }

  return { read: reader.read, key, tick: () => tickClocks(loop.current()) };
}
