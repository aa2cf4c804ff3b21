// A simultaneous game's page (Diplomacy Chess, DiploChess): orders written on the board (a
// piece, then where it goes; or a piece, the piece it supports, then where that one goes)
// or typed where the game takes typed orders; each saved on the server as it is entered,
// sealed (a refused one is said at once, with the server's reason); Ready when done, Not
// ready to change them; who is ready (never what); each resolved phase drawn over the
// position it led to. How orders are entered (typed too, one per piece) is the view's
// `entry`, under the game's options; the typed box's example is the variant's.
//
// The state is the shared fields (frame.js) and
//   draft       the orders saved this phase (texts, as the server has them);
//   draftPhase  the phase the draft belongs to (a new phase starts from what is saved);
//   saving      the order being saved (shown greyed until the server answers), or null;
//   entryError  {text, error}: the last order the server refused, or null;
//   typed       what is typed in the box (checked as it is typed);
//   supporting  {from, target} while the player chooses where a supported piece goes;
//   shownTurn   the index of the resolved phase drawn on the board, or null for the present;
//   before      the resolved phase is drawn over the position before it (not after);
//   shows       counts the resolved phases shown (each show animates its moves once);
//   choice      {title, options: [{label, order?, support?, instead?}]} while the player
//               chooses what a click meant (the chooser is open), or null;
//   busy        Ready or Not ready is being sent.
//
// Which piece is picked is the board's (board.js); the panel shows the picked piece's choices.

import { api, escapeHtml } from "../api.js";
import { Board } from "../board.js";
import { positionAfter, resolutionDrawing } from "../resolution.js";
import { startLoop } from "./loop.js";
import {
  flipped, isMyTurn, onClick, renderFrame, setHtml, sharedState, ticker, updateShared, viewReader, wireFrame, you,
} from "./frame.js";
import {
  boardChoices, buildSpots, capital, draftDrawing, isMove, orderWords, ordersFrom, pieceAt, pieceName,
  sideOf, supportsOf, withOrder,
} from "./orders.js";
import {
  canOrder, conditionalHtml, draftFull, entry, entryBoxHtml, entryCheckHtml, isReady, orderCount, ordersFootHtml,
  ordersHeadHtml, turnsHtml, withoutOrders,
} from "./orders-panel.js";

const $ = (id) => document.getElementById(id);

/** A phase's key: its name and how many phases came before it. */
const phaseKey = (v) => `${v.phase}|${v.history.length}`;

export function update(state, message) {
  switch (message.type) {
    case "loaded": {
      let next = updateShared(state, message);
      if (next === state) return state;
      const v = next.view;
      const last = v.history.length - 1;
      // A phase just resolved: draw it over the position it led to.
      if (state.view && state.view.history.length < v.history.length) {
        next = { ...next, shownTurn: last, before: false, shows: next.shows + 1 };
      }
      // A new phase: its draft starts from what the player has saved for it. On opening the
      // page, the last resolution is shown unless the player has orders saved.
      if (next.draftPhase !== phaseKey(v)) {
        const draft = v.pending ? [...v.pending] : [];
        next = { ...next, draftPhase: phaseKey(v), draft, saving: null, entryError: null, supporting: null, choice: null, typed: "" };
        if (!state.view && last >= 0 && !draft.length) next = { ...next, shownTurn: last, shows: next.shows + 1 };
      } else if (message.adopt) {
        // Read after a save: the server's own texts of what it saved.
        next = { ...next, draft: v.pending ? [...v.pending] : [] };
      }
      return next;
    }
    case "turnShown":
      return { ...state, shownTurn: message.turn, before: false, shows: state.shows + 1, supporting: null };
    case "beforeShown":
      return { ...state, before: message.before, shows: state.shows + 1 };
    case "saving":
      return { ...state, saving: message.text, entryError: null, error: "" };
    case "saved":
      // The draft is drawn on the present board: an order given over the last resolution
      // brings it back.
      return { ...state, saving: null, draft: message.orders, choice: null, supporting: null, shownTurn: null };
    case "saveRefused":
      return { ...state, saving: null, entryError: { text: message.text, error: message.error } };
    case "typed":
      return { ...state, typed: message.text };
    case "supportStarted":
      return { ...state, supporting: { from: message.from, target: message.target }, choice: null, shownTurn: null };
    case "supportCancelled":
      return { ...state, supporting: null };
    case "choiceOpened":
      return { ...state, choice: { title: message.title, options: message.options } };
    case "choiceClosed":
      return { ...state, choice: null };
    case "pickChanged":
      // The board keeps the pick; a new pick ends a support under way and comes back from
      // a resolved phase to the present, where the orders are written.
      return { ...state, supporting: null, shownTurn: message.cell ? null : state.shownTurn };
    case "readying":
      return { ...state, busy: true, error: "", entryError: null };
    case "readied":
      return { ...state, busy: false };
    case "failed":
      return { ...updateShared(state, message), busy: false };
    default:
      return updateShared(state, message);
  }
}

/** The resolved phase drawn on the board, if one is shown. */
function shownResolution(state) {
  const turn = state.shownTurn === null ? null : state.view.history[state.shownTurn];
  return turn && turn.resolution ? turn : null;
}

/** What the board draws: a resolved phase, or the present with the player's draft. */
function boardDrawing(state) {
  const v = state.view;
  const flip = flipped(state);
  const writing = canOrder(v) && !isReady(v);
  const turn = shownResolution(state);
  if (turn) {
    const i = state.shownTurn;
    const after = state.before ? null : positionAfter(v, i);
    const drawing = resolutionDrawing(turn.resolution, after, `${i}:${state.shows}`);
    // Over the position now, the player may start its orders at once.
    const live = !state.before && i === v.history.length - 1 && writing;
    return {
      ...drawing, flip, selectionKey: phaseKey(v), moves: live ? boardChoices(v, null) : {}, spots: live ? buildSpots(v) : {},
    };
  }
  const draft = draftDrawing(v, state.draft);
  const arrows = [...draft.arrows];
  const s = state.supporting;
  if (s) arrows.push({ from: s.from, to: s.target, kind: "support" });
  return {
    pieces: v.board, dislodged: v.dislodged || [], flip, selectionKey: phaseKey(v), arrows, marks: draft.marks,
    pendingCells: draft.pendingCells, moves: writing ? boardChoices(v, s) : {}, spots: writing ? buildSpots(v) : {},
  };
}

function statusLine(state) {
  const v = state.view;
  const doing = isMyTurn(v) ? "your orders are due" : isReady(v) ? "you are ready; waiting for the other side"
    : you(v) ? "waiting for the other side" : "orders being written";
  return `<span class="big">${escapeHtml(v.phase || "")}</span> — ${doing}`;
}

/** Under a near deadline, for a player that is not ready: what will be used. */
function deadlineWarning(state) {
  const v = state.view;
  if (!isMyTurn(v)) return "";
  const n = state.draft.length;
  return n
    ? `You are not ready: your ${n} saved order${n > 1 ? "s" : ""} will be used when the time is up.`
    : `You are not ready and have saved no orders: when the time is up, ${withoutOrders(v)}.`;
}

/** Beside each player: not ready, ready, or owing nothing this phase (a DiploChess retreat
 *  of the other side). */
function readyNote(state, side) {
  const v = state.view;
  if (v.status !== "active" || v.result) return "";
  if (v.awaiting.includes(side)) return `<span class="sealed" data-ready="${side}">not ready</span>`;
  if (!(v.due || []).includes(side)) return `<span class="sealed" data-ready="${side}">nothing to order</span>`;
  return `<span class="sealed yes" data-ready="${side}">ready ✓</span>`;
}

/** The chooser: what a click on the board meant, when it may mean several things. */
function chooserHtml(state) {
  const c = state.choice;
  if (!c) return "";
  return `<div class="chooser"><div class="panel"><b>${escapeHtml(c.title)}</b>
    ${c.options.map((o, i) => `<button data-i="${i}">${escapeHtml(o.label)}${o.order ? ` <code class="muted">${escapeHtml(o.order)}</code>` : ""}</button>`).join("")}
    <button data-cancel>Cancel</button></div></div>`;
}

/** The panel's sections, each drawn on its own (see orders-panel.js). */
const SECTIONS = ["orders-head", "orders-entry", "orders-check", "orders-conditional", "orders-foot", "turns"];

/** Runs the page of a simultaneous game: `context` {id, seat, variant, error} and the first
 *  view read. Returns what the page forwards to it: `read()` (on a live update), `key(e)`,
 *  `tick()`. */
export function startSimultaneous(context, view) {
  const board = new Board($("board"), view.geometry, (event) => onBoard(event));
  $("play-panel").innerHTML = SECTIONS.map((s) => `<div id="${s}"></div>`).join("");
  const initial = update({
    ...sharedState(context), draft: [], draftPhase: null, saving: null, entryError: null, typed: "", supporting: null,
    shownTurn: null, before: false, shows: 0, choice: null, busy: false,
  }, { type: "loaded", view, ticket: 0, at: Date.now() });
  // The reader dispatches into the loop; it first reads once the loop runs.
  const reader = viewReader(context.id, context.seat, (message) => loop.dispatch(message));
  const loop = startLoop(initial, update, render);

  function render(state, dispatch) {
    board.render(boardDrawing(state));
    // The legend explains the board's colours and marks.
    $("legend").hidden = !shownResolution(state) && !canOrder(state.view);
    const legend = $("legend");
    legend.dataset.mode = shownResolution(state) ? "resolution" : "orders";
    const kinds = new Set((state.view.legal || []).map((o) => o.kind));
    const turn = shownResolution(state);
    legend.dataset.supports = kinds.has("support") || (turn && turn.resolution.orders.some((o) => o.kind === "support")) ? "1" : "0";
    legend.dataset.holds = kinds.has("hold") ? "1" : "0";
    renderFrame(state, {
      line: statusLine(state), note: (side) => readyNote(state, side), due: "your orders", warning: deadlineWarning(state),
    });
    setHtml($("orders-head"), ordersHeadHtml(state, board.selected));
    setHtml($("orders-entry"), entryBoxHtml(state));
    setHtml($("orders-check"), entryCheckHtml(state));
    setHtml($("orders-conditional"), conditionalHtml(state));
    setHtml($("orders-foot"), ordersFootHtml(state));
    setHtml($("turns"), turnsHtml(state));
    setHtml($("chooser"), chooserHtml(state));
    onClick("[data-add]", (el) => addOrder(el.dataset.add));
    onClick("[data-remove]", (el) => removeOrder(Number(el.dataset.remove)));
    onClick("[data-turn]", (el) => dispatch({ type: "turnShown", turn: el.dataset.turn === "now" ? null : Number(el.dataset.turn) }));
    onClick("#before-after", (el) => dispatch({ type: "beforeShown", before: el.dataset.before === "1" }));
    onClick("#ready", () => sendReady(true));
    onClick("#unready", () => sendReady(false));
    onClick("#clear", () => save(() => [], "clearing"));
    onClick("#cancel-support", () => {
      board.deselect();
      dispatch({ type: "supportCancelled" });
    });
    onClick("[data-owed-cell]", (el) => el.dataset.owedCell && pick(el.dataset.owedCell));
    const box = $("entry");
    if (box) {
      box.oninput = () => dispatch({ type: "typed", text: box.value });
      // A box kept from the phase before starts empty with its phase.
      if (box.value !== state.typed && document.activeElement !== box) box.value = state.typed;
    }
    const form = $("entry-form");
    if (form) {
      form.onsubmit = (e) => {
        e.preventDefault();
        const text = box.value.trim();
        if (text) addOrder(text, () => {
          box.value = "";
          loop.dispatch({ type: "typed", text: "" });
        });
      };
    }
    const cond = $("cond-form");
    if (cond) {
      cond.onsubmit = (e) => {
        e.preventDefault();
        const [a, b, c] = ["cond-if", "cond-then", "cond-else"].map((id) => $(id).value.trim());
        if (a && b && c) addOrder(`${a}?${b}:${c}`, () => ["cond-if", "cond-then", "cond-else"].forEach((id) => ($(id).value = "")));
      };
    }
    onClick(".chooser [data-i]", (el) => chosen(state.choice.options[Number(el.dataset.i)]));
    // Cancelled: the piece stays picked.
    onClick(".chooser [data-cancel]", () => dispatch({ type: "choiceClosed" }));
    wireFrame(state, dispatch, reader.read);
  }

  function pick(cell) {
    board.select(cell);
    loop.dispatch({ type: "pickChanged", cell: board.selected });
  }

  /** What the board reports: a pick, a click on a destination (a move, a support, or a
   *  support's last step), a click on a build's square. */
  function onBoard(event) {
    const state = loop.current();
    const v = state.view;
    if (event.type === "chose" || event.type === "dropped") {
      if (state.supporting) return supportChosen(state.supporting, event.to);
      const own = ordersFrom(v, event.from);
      const moves = own.filter((o) => isMove(o) && o.to === event.to);
      // A drag only moves; a click on a piece may also mean a support of it, or that piece.
      const supports = event.type === "chose" ? supportsOf(v, event.from, event.to) : [];
      const instead = event.type === "chose" && ordersFrom(v, event.to).length && v.board[event.to]
        && sideOf(v.board[event.to]) === v.you ? event.to : null;
      if (!supports.length && moves.length === 1) return addOrder(moves[0].order);
      if (!moves.length && supports.length && !instead) return startSupport(event.from, event.to);
      const name = pieceName(pieceAt(v, event.from, v.you));
      const other = pieceName(v.board[event.to]);
      const options = moves.map((o) => ({ label: `Move it to ${o.to}${o.role ? ` (a ${pieceName(o.role)})` : ""}`, order: o.order }));
      if (supports.length) options.push({ label: `Support the ${other} on ${event.to}…`, support: event.to });
      if (instead) options.push({ label: `Give orders to the ${other} on ${event.to} instead`, instead });
      loop.dispatch({ type: "choiceOpened", title: `The ${name} on ${event.from}:`, options });
    } else if (event.type === "clicked") {
      const builds = (v.legal || []).filter((o) => o.kind === "build" && o.to === event.cell);
      if (builds.length && canOrder(v) && !isReady(v)) {
        if (builds.length === 1) return addOrder(builds[0].order);
        const options = builds.map((o) => ({ label: capital(orderWords(v, o)), order: o.order }));
        return loop.dispatch({ type: "choiceOpened", title: `Build on ${event.cell}:`, options });
      }
      // A click on the board while an older resolved phase is shown comes back to the present.
      if (state.shownTurn !== null && state.shownTurn < v.history.length - 1) loop.dispatch({ type: "turnShown", turn: null });
    } else if (event.type === "picked" || event.type === "deselected") {
      loop.dispatch({ type: "pickChanged", cell: event.type === "picked" ? event.cell : null });
    }
  }

  function startSupport(from, target) {
    loop.dispatch({ type: "supportStarted", from, target });
  }

  /** The support's last step: the supported piece's destination, or the piece itself. */
  function supportChosen({ from, target }, to) {
    const order = supportsOf(loop.current().view, from, target).find((o) => o.to === to);
    if (order) addOrder(order.order);
  }

  function chosen(option) {
    if (option.order) return addOrder(option.order);
    if (option.support) return startSupport(board.selected, option.support);
    if (option.instead) {
      loop.dispatch({ type: "choiceClosed" });
      pick(option.instead);
    }
  }

  // Saves run one after the other, each from the draft the one before left.
  let queue = Promise.resolve();

  /** Saves the draft `change(draft)` makes, not ready: the server keeps it sealed and
   *  answers at once if it refuses an order. Then reads the game again to show the
   *  server's own texts. `text` is what is being added (shown greyed meanwhile). */
  function save(change, text, done = () => {}) {
    queue = queue.then(async () => {
      const state = loop.current();
      const orders = change(state.draft);
      loop.dispatch({ type: "saving", text: text === "clearing" || text === null ? null : text });
      try {
        await api("POST", `/api/games/${state.id}/orders`, { orders, ready: false, version: state.view.version }, state.seat.token);
        loop.dispatch({ type: "saved", orders });
        done();
        await reader.read({ adopt: true });
      } catch (e) {
        if (text && text !== "clearing") loop.dispatch({ type: "saveRefused", text, error: e.message });
        else loop.dispatch({ type: "failed", error: e.message });
        if (e.status === 409) await reader.read();
      }
    });
    return queue;
  }

  function addOrder(text, done) {
    board.deselect();
    loop.dispatch({ type: "choiceClosed" });
    const state = loop.current();
    if (isReady(state.view)) return;
    if (draftFull(state)) {
      const c = orderCount(state.view);
      loop.dispatch({ type: "saveRefused", text, error: `this turn takes ${c.most} entr${c.most === 1 ? "y" : "ies"}, and all are written` });
      return;
    }
    save((draft) => withOrder(loop.current().view, draft, text), text, done);
  }

  function removeOrder(index) {
    save((draft) => draft.filter((_, i) => i !== index), null);
  }

  /** Ready (the orders saved are the player's last word: the phase resolves once every
   *  side is ready) or Not ready (the orders may change again). */
  async function sendReady(ready) {
    await queue;
    const state = loop.current();
    loop.dispatch({ type: "readying" });
    try {
      await api("POST", `/api/games/${state.id}/orders`, { orders: state.draft, ready, version: state.view.version }, state.seat.token);
      await reader.read({ adopt: true });
      loop.dispatch({ type: "readied" });
    } catch (e) {
      loop.dispatch({ type: "failed", error: e.message });
      if (e.status === 409) await reader.read();
    }
  }

  /** Escape also closes the chooser and ends a support under way. */
  function key(e) {
    if (e.key !== "Escape") return;
    if (loop.current().choice) loop.dispatch({ type: "choiceClosed" });
    else if (loop.current().supporting) loop.dispatch({ type: "supportCancelled" });
  }

  return { read: reader.read, key, tick: ticker(loop) };
}
