// The HTML of a simultaneous game's panel, section by section (each section is drawn on
// its own, so that a box the player is typing in survives the others' changes): the
// player's orders (saved or ready, what the phase asks, the draft, the picked piece's
// choices), the typed box with its check and the conditional form, the Ready buttons, and
// the resolved phases. Pure functions of the controller's state.

import { escapeHtml } from "../api.js";
import { explanationHtml } from "../resolution.js";
import { you } from "./frame.js";
import {
  capital, isMove, legalOrder, orderButtons, orderWords, ordersFrom, ownDislodged, owedLines, pieceAt, pieceName,
  supportsOf,
} from "./orders.js";

/** How orders are entered when a view says nothing of it: on the board, one per piece. */
const BOARD_ONLY = { typed: null, one_per_piece: true, by_piece: false };

export function entry(view) {
  return view.entry || BOARD_ONLY;
}

/** Whether the player owes orders this phase. */
export function canOrder(view) {
  return view.status === "active" && !!you(view) && (view.legal || []).length > 0 && !view.result;
}

/** Whether the player is ready: it owes orders and is no longer awaited. */
export function isReady(view) {
  const me = you(view);
  return !!me && (view.due || []).includes(me) && !view.awaiting.includes(me);
}

/** How many orders the phase takes from the player ({least, most}), where the server says. */
export function orderCount(view) {
  const c = view.order_count;
  return c && typeof c.most === "number" ? c : null;
}

/** Whether the draft already holds every entry the phase takes. */
export function draftFull(state) {
  const c = orderCount(state.view);
  return !!c && !entry(state.view).one_per_piece && state.draft.length >= c.most;
}

/** What the player's pieces do without orders, in words. */
export function withoutOrders(view) {
  const legal = view.legal || [];
  const away = ownDislodged(view);
  if (away.length) return `your dislodged ${away.length > 1 ? "pieces are" : `${pieceName(away[0].piece)} is`} removed`;
  if (legal.some((o) => o.kind === "hold")) return "your pieces hold";
  if (legal.some((o) => o.from && isMove(o))) return "your pieces stay where they are";
  return "the game's default choices are taken";
}

function countLine(state) {
  const v = state.view;
  const c = orderCount(v);
  const { typed, one_per_piece: onePerPiece } = entry(v);
  const n = state.draft.length;
  if (!c || c.least < 1) {
    // A series without the count from the server: how far it has come.
    return typed === "entry" && !onePerPiece
      ? `<div class="count" data-count>Your series so far: ${n} entr${n === 1 ? "y" : "ies"}; the next you add is entry ${n + 1}.</div>` : "";
  }
  const what = typed === "entry" ? "entries" : "orders";
  const due = c.least === c.most ? `${c.most}` : `${c.least} to ${c.most}`;
  const next = n >= c.most ? `all ${c.most} written` : onePerPiece ? `${n} written` : `entry ${n + 1} of ${c.most} is next`;
  return `<div class="count" data-count data-due="${c.most}"><b>${escapeHtml(v.phase)}: ${due} ${c.most === 1 && c.least === 1 ? what.replace(/ies$/, "y").replace(/s$/, "") : what} due</b> — ${next}.</div>`;
}

function stateLine(state) {
  const v = state.view;
  const n = state.draft.length;
  const word = entry(v).typed === "entry" ? "entr" : "order";
  const many = (k) => (word === "entr" ? (k > 1 ? "entries" : "entry") : k > 1 ? "orders" : "order");
  if (isReady(v)) {
    return `<div class="order-state ready" data-order-state="ready">✓ Ready. Your ${n ? `${n} ${many(n)} ${n > 1 ? "are" : "is"}` : "choice is"} sealed: the phase resolves as soon as the other side is ready, or at the deadline.</div>`;
  }
  const saved = n ? `${n} ${many(n)} saved` : "nothing saved yet";
  return `<div class="order-state" data-order-state="saved">Not ready · ${saved}</div>
    <div class="small muted">Each ${word === "entr" ? "entry" : "order"} is saved as you enter it, sealed: only you see it. What you saved is used at the
    deadline even if you are not ready${n ? "" : `; with nothing saved, ${withoutOrders(v)}`}. Press <b>Ready</b> when you are done.</div>`;
}

function draftList(state) {
  const v = state.view;
  const items = state.draft.map((t, i) => {
    const words = orderWords(v, legalOrder(v, t));
    return `<li data-order="${escapeHtml(t)}"><span class="n">${i + 1}.</span><span class="what"><code>${escapeHtml(t)}</code>
      <span class="words">${escapeHtml(words)}</span></span><span class="tag">saved</span>
      ${isReady(v) ? "" : `<button data-remove="${i}" title="remove">✕</button>`}</li>`;
  });
  if (state.saving !== null) {
    items.push(`<li class="saving"><span class="n">${state.draft.length + 1}.</span><span class="what"><code>${escapeHtml(state.saving)}</code></span><span class="tag">saving…</span></li>`);
  }
  return `<ol class="orders-list" id="draft">${items.join("")}</ol>`;
}

/** The picked piece's choices: where it goes (on the board) and its other orders (hold,
 *  disband, convert) as buttons; while a support is being given, its last step. */
function pickedHtml(state, picked) {
  const v = state.view;
  const s = state.supporting;
  if (s) {
    const supporter = pieceName(pieceAt(v, s.from, v.you));
    const other = pieceName(v.board[s.target]);
    const supports = supportsOf(v, s.from, s.target);
    const label = (o) => escapeHtml(o.to === s.target ? `to hold on ${s.target}` : `its move to ${o.to}`);
    const hold = supports.some((o) => o.to === s.target);
    const moves = supports.some((o) => o.to !== s.target);
    const ways = [moves && `click where the ${other} goes (a blue dot)`, hold && `${moves ? "or " : "click "}the ${other} itself (the blue ring) to support it holding`];
    return `<div class="guide" data-guide="support"><b>${capital(supporter)} on ${s.from}</b> supports the ${other} on ${s.target}:
      ${ways.filter(Boolean).join(", ")}.</div>
      ${orderButtons(v, supports, label)}<button id="cancel-support" class="link">Cancel the support</button>`;
  }
  if (!picked) return "";
  const own = ordersFrom(v, picked);
  const name = pieceName(pieceAt(v, picked, v.you));
  const away = ownDislodged(v).some((d) => d.cell === picked);
  const moves = own.some(isMove);
  const supports = own.some((o) => o.kind === "support");
  const others = own.filter((o) => !isMove(o) && o.kind !== "support");
  const ways = moves || supports
    ? [moves && `click a dot to ${away ? "retreat" : "move"} it there`, supports && "a piece marked + to support it",
      others.length && "a button below"].filter(Boolean).join(", or ")
    : "choose below";
  const who = away ? `Your ${name} on ${picked} was dislodged` : `${capital(name)} on ${picked}`;
  // Its other orders as buttons (or its moves, where it has nothing else: typed games).
  return `<div class="guide" data-guide="piece"><b>${who}</b>${ways ? `: ${ways}` : ""}.</div>
    ${others.length ? orderButtons(v, others, (o) => escapeHtml(capital(choiceWords(v, o)))) : orderButtons(v, own.filter(isMove))}`;
}

/** A piece's choice in a few words, beside the piece it is about ("retreat to d4"). */
function choiceWords(v, o) {
  switch (o.kind) {
    case "move":
      return `${ownDislodged(v).some((d) => d.cell === o.from) ? "retreat" : "move"} to ${o.to}`;
    case "hold":
      return "hold";
    case "disband":
      return "disband";
    case "convert":
      return `becomes a ${pieceName(o.role)}`;
    default:
      return orderWords(v, o) || o.order;
  }
}

function hintHtml(state) {
  const v = state.view;
  const owed = owedLines(v, state.draft);
  if (owed.length) {
    // Each piece's choices as buttons too (a dislodged piece's retreats, a conversion's roles).
    const choices = (l) => (l.cell ? orderButtons(v, ordersFrom(v, l.cell), (o) => escapeHtml(choiceWords(v, o))) : "");
    return `<ul class="owed" data-owed>${owed.map((l) => `<li class="${l.done ? "done" : ""}"><span data-owed-cell="${l.cell || ""}">${l.text}</span>
      ${l.done ? `<span class="tag">✓ ${escapeHtml(orderWords(v, l.done) || l.done.order)}</span>` : ""}${choices(l)}</li>`).join("")}</ul>`;
  }
  const holds = (v.legal || []).some((o) => o.kind === "hold");
  return `<div class="small muted" data-hint>Click one of your pieces, then where it goes.${holds ? " A piece without an order holds (its faint ring)." : ""}</div>`;
}

/** The player's orders: saved or ready, what is due, the draft, and the picked piece. */
export function ordersHeadHtml(state, picked) {
  const v = state.view;
  if (!canOrder(v)) {
    return v.status === "active" && you(v) && !v.result
      ? `<h2>Your orders</h2><p class="muted small" data-nothing>You have nothing to order this phase.</p>` : "";
  }
  const ready = isReady(v);
  const shown = state.shownTurn !== null
    ? `<div class="small banner" data-shown-note>The board shows the last resolution on the new position. Click one of your pieces to give orders.</div>` : "";
  return `<h2>Your orders</h2>${stateLine(state)}${countLine(state)}${shown}
    ${draftList(state)}${ready ? "" : pickedHtml(state, picked) || hintHtml(state)}`;
}

/** The typed box (where the game takes typed orders): drawn only when what it offers
 *  changes, so that what the player types stays. */
export function entryBoxHtml(state) {
  const v = state.view;
  const { typed } = entry(v);
  if (!canOrder(v) || !typed || isReady(v)) return "";
  const example = state.variant.examples && state.variant.examples[typed];
  const placeholder = example ? `${typed}, e.g. ${example}` : typed;
  return `<form class="entry-row" id="entry-form" autocomplete="off"><input type="text" id="entry" placeholder="${escapeHtml(placeholder)}"
    aria-label="type an ${escapeHtml(typed)}" spellcheck="false"><button id="add-entry" type="submit">Add</button></form>`;
}

/** The check of what is being typed, and the last refused entry with the server's reason. */
export function entryCheckHtml(state) {
  const v = state.view;
  const { typed, one_per_piece: onePerPiece } = entry(v);
  const refused = state.entryError
    ? `<div class="error" data-entry-error>${escapeHtml(state.entryError.text)} was refused: ${escapeHtml(state.entryError.error)}</div>` : "";
  if (!canOrder(v) || isReady(v)) return refused;
  if (!typed) return refused;
  const text = (state.typed || "").trim();
  let check = "";
  if (draftFull(state)) check = `<span class="bad">Every entry of this turn is written: remove one to write another.</span>`;
  else if (!text) check = `<span class="muted">Type an ${escapeHtml(typed)} and press Enter, or click a piece on the board.</span>`;
  else if (legalOrder(v, text)) check = `<span class="good">✓ ${escapeHtml(orderWords(v, legalOrder(v, text)))}</span> — Enter adds it.`;
  else if (text.includes("?")) check = `<span class="muted">A conditional entry: Enter sends it to be checked.</span>`;
  else if (onePerPiece) check = `<span class="muted">Not one of the listed orders as written: Enter lets the server read it.</span>`;
  else check = `<span class="muted">Not a move your pieces can make now; it may be one by its step. Enter sends it to be checked.</span>`;
  return `<div class="entry-check small" data-entry-check>${check}</div>${refused}`;
}

/** A conditional entry built from its parts (where the game takes typed entries). */
export function conditionalHtml(state) {
  const v = state.view;
  if (!canOrder(v) || entry(v).typed !== "entry" || isReady(v)) return "";
  return `<details class="conditional" data-conditional><summary>Add a conditional entry (if … then … else …)</summary>
    <form id="cond-form" class="cond-row" autocomplete="off">
      <label>If <input type="text" id="cond-if" placeholder="~e5" spellcheck="false"></label>
      <label>then <input type="text" id="cond-then" placeholder="Nc3" spellcheck="false"></label>
      <label>else <input type="text" id="cond-else" placeholder="Na3" spellcheck="false"></label>
      <button type="submit" id="cond-add">Add</button></form>
    <div class="small muted">Conditions, judged when the entry's step comes: <code>~e5</code> e5 is empty ·
    <code>Nh6</code>, <code>bPe5</code> such a piece stands there · <code>2Q</code> exactly two such pieces ·
    <code>1</code> your entry 1 was executed. Either branch may itself be conditional.</div></details>`;
}

/** Ready (or Not ready) and Clear. */
export function ordersFootHtml(state) {
  const v = state.view;
  if (!canOrder(v)) return "";
  const busy = state.busy ? "disabled" : "";
  return isReady(v)
    ? `<div class="ready-row"><button id="unready" ${busy}>Not ready — change my orders</button></div>`
    : `<div class="ready-row"><button class="primary" id="ready" ${busy}>Ready</button>
       <button id="clear" ${busy || (state.draft.length ? "" : "disabled")}>Clear</button></div>`;
}

/** The resolved phases: a tab each (and Now), the one shown with what happened. */
export function turnsHtml(state) {
  const v = state.view;
  const tabs = v.history.map((t, i) => `<button data-turn="${i}" class="${state.shownTurn === i ? "on" : ""}">${escapeHtml(t.phase)}</button>`).reverse().join("");
  if (!tabs) return `<h2>Turns</h2><p class="muted small">No turn resolved yet.</p>`;
  const i = state.shownTurn;
  const shown = i !== null ? v.history[i] : null;
  const toggle = shown && shown.resolution
    ? `<div class="turn-head"><span class="small muted" data-shown="${state.before ? "before" : "after"}">${escapeHtml(shown.phase)}: ${state.before ? "the position it was ordered on" : "the position it led to"}, with what happened.</span>
       <button id="before-after" data-before="${state.before ? "0" : "1"}">${state.before ? "Show the new position" : "Show the position before"}</button></div>` : "";
  return `<h2>Turns</h2><div class="tabs" style="flex-wrap:wrap"><button data-turn="now" class="${i === null ? "on" : ""}">Now</button>${tabs}</div>
    ${shown ? `${toggle}${explanationHtml(v, i)}` : ""}`;
}
