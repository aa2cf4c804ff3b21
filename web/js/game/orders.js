// What a simultaneous game's page makes of the orders the server lists for the player
// (`legal`: {order, kind, from, to, target, role}), without knowing the game: which pieces
// the board offers and where each click leads (a move, the pieces a piece may support, then
// where the supported piece goes), the draft drawn on the board, each order in words, and
// what a retreat, build or adjustment phase asks of the player, piece by piece. Pure
// functions of the view and the draft.

import { escapeHtml } from "../api.js";
import { ROLE_NAMES } from "../pieces.js";

/** The player's orders written so far are drawn as green arrows. */
const DRAFT = "ok";

export const isMove = (o) => o.kind === "move" || o.kind === "castle";

/** A piece letter's name in words ("pawn"), or "piece". */
export function pieceName(letter) {
  if (!letter) return "piece";
  return (ROLE_NAMES[letter.toUpperCase()] || letter.toUpperCase()).toLowerCase();
}

/** The side a piece letter belongs to: White's are upper case. */
export function sideOf(letter) {
  return letter && letter === letter.toUpperCase() ? "white" : "black";
}

export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** "a, b or c" */
export function orList(items, word = "or") {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${word} ${items[items.length - 1]}`;
}

export function ordersFrom(view, cell) {
  return (view.legal || []).filter((o) => o.from === cell);
}

export function legalOrder(view, text) {
  return (view.legal || []).find((o) => o.order === text) || null;
}

/** The letter of `side`'s piece on `cell`: the one standing there, or one dislodged from it
 *  and waiting to retreat (which shares the cell with the piece that took it). */
export function pieceAt(view, cell, side) {
  const standing = view.board[cell];
  if (standing && (!side || sideOf(standing) === side)) return standing;
  const away = (view.dislodged || []).find((d) => d.cell === cell && (!side || sideOf(d.piece) === side));
  return away ? away.piece : standing || null;
}

/** The player's own dislodged pieces, each with where it may retreat. */
export function ownDislodged(view) {
  return (view.dislodged || []).filter((d) => sideOf(d.piece) === view.you);
}

/** The draft with `text` added; where a piece takes one order, it replaces that piece's
 *  earlier one. */
export function withOrder(view, draft, text) {
  const order = legalOrder(view, text);
  if (!order || !order.from || !view.entry || !view.entry.one_per_piece) return [...draft, text];
  const others = draft.filter((t) => {
    const other = legalOrder(view, t);
    return !other || other.from !== order.from;
  });
  return [...others, text];
}

/** The pieces the player may order, each with where a click on the board leads: the cells
 *  it may move to (a dot, or a ring where a piece stands, its own or the other side's: in
 *  some games a piece may be ordered onto a square its own side leaves) and the pieces it
 *  may support (a "+" badge); a cell may be both. While a support is being given (`supporting` {from, target}), the supporter
 *  alone, with the cells the supported piece may go to and the supported piece itself (to
 *  support it holding). */
export function boardChoices(view, supporting) {
  const out = {};
  if (supporting) {
    const to = {};
    for (const o of supportsOf(view, supporting.from, supporting.target)) {
      to[o.to] = o.to === supporting.target ? "support-hold" : "support-to";
    }
    return { [supporting.from]: to };
  }
  // A cell may be both: a ring or a dot first, then the badge ("capture support").
  const add = (to, cell, kind) => {
    const kinds = new Set((to[cell] || "").split(" ").filter(Boolean));
    kinds.add(kind);
    to[cell] = [...kinds].sort((a, b) => (a === "support") - (b === "support")).join(" ");
  };
  for (const o of view.legal || []) {
    if (!o.from) continue; // a build: a spot of its own
    const to = (out[o.from] = out[o.from] || {});
    if (isMove(o) && o.to) add(to, o.to, view.board[o.to] ? "capture" : "move");
    else if (o.kind === "support" && o.target) add(to, o.target, "support");
  }
  return out;
}

/** The supports `from` may give to the piece on `target`: to hold (`to` is the target
 *  itself) and of each of its moves. */
export function supportsOf(view, from, target) {
  return ordersFrom(view, from).filter((o) => o.kind === "support" && o.target === target);
}

/** The builds, by cell: the empty cells a build order puts a piece on. */
export function buildSpots(view) {
  const spots = {};
  for (const o of view.legal || []) if (o.kind === "build" && o.to) spots[o.to] = "build";
  return spots;
}

/** An order in words, for the draft's list ("pawn e2 → e4", "queen d1 supports the pawn on
 *  d2 to d4"). */
export function orderWords(view, o) {
  if (!o) return "";
  const name = pieceName(o.from ? pieceAt(view, o.from, view.you) : o.role);
  switch (o.kind) {
    case "move":
      return `${name} ${o.from} → ${o.to}${o.role ? `, becoming a ${pieceName(o.role)}` : ""}`;
    case "castle":
      return `${name} ${o.from} castles to ${o.to}`;
    case "hold":
      return `${name} on ${o.from} holds`;
    case "support": {
      const other = pieceName(view.board[o.target]);
      return o.to && o.to !== o.target
        ? `${name} ${o.from} supports the ${other} ${o.target} → ${o.to}`
        : `${name} ${o.from} supports the ${other} on ${o.target} holding`;
    }
    case "disband":
      return `${name} on ${o.from} is disbanded`;
    case "convert":
      return `${name} on ${o.from} becomes a ${pieceName(o.role)}`;
    case "build":
      return `a ${pieceName(o.role)} is built on ${o.to}`;
    default:
      return "";
  }
}

/** What the board draws of the draft: arrows for moves and supports, a ring for each
 *  piece ordered to hold, a faint ring for each piece that holds for want of an order
 *  (where holding is an order the game has), and the cells of the pieces with orders. */
export function draftDrawing(view, draft) {
  const drafted = draft.map((text) => legalOrder(view, text)).filter(Boolean);
  const arrows = drafted
    .filter((o) => o.from && o.to && (o.from !== o.to || o.kind === "support"))
    .map((o) => (o.kind === "support" ? supportArrow(o) : { from: o.from, to: o.to, kind: DRAFT }));
  const marks = drafted.filter((o) => o.kind === "hold").map((o) => ({ cell: o.from, kind: "hold" }));
  const ordered = new Set(drafted.map((o) => o.from).filter(Boolean));
  for (const o of view.legal || []) {
    if (o.kind === "hold" && o.from && !ordered.has(o.from)) marks.push({ cell: o.from, kind: "hold-default" });
  }
  // A build's square is marked as ordered too.
  const built = drafted.filter((o) => o.kind === "build" && o.to).map((o) => o.to);
  return { arrows, marks, pendingCells: [...ordered, ...built] };
}

/** A support as a dashed blue arrow: to the piece it keeps in place, or to the middle of
 *  the move it supports. */
export function supportArrow(o) {
  return o.target && o.target !== o.to
    ? { from: o.from, to: o.to, mid: [o.target, o.to], kind: "support" }
    : { from: o.from, to: o.target || o.to, kind: "support" };
}

/** What a phase other than the movement asks of the player, piece by piece: each dislodged
 *  piece's retreats, each piece that converts, the builds and the disbands it may choose.
 *  Each line: {text (HTML), cell (the piece's, to pick it), done (the draft's order for it,
 *  or null)}. Empty in a movement phase. */
export function owedLines(view, draft) {
  const legal = view.legal || [];
  const drafted = draft.map((t) => legalOrder(view, t)).filter(Boolean);
  const doneFor = (cell) => drafted.find((o) => o.from === cell) || null;
  const lines = [];
  const dislodged = ownDislodged(view);
  for (const d of dislodged) {
    const name = pieceName(d.piece);
    const ways = d.retreats.length ? `retreat to ${orList(d.retreats.map((c) => `<b>${c}</b>`))} or disband` : "it has nowhere to go and will be removed";
    lines.push({ cell: d.cell, done: doneFor(d.cell), text: `Your ${name} on <b>${d.cell}</b> was dislodged: ${ways}.` });
  }
  const byCell = new Map();
  for (const o of legal) {
    if (o.kind === "convert" && o.from) byCell.set(o.from, [...(byCell.get(o.from) || []), o]);
  }
  for (const [cell, orders] of byCell) {
    const roles = orList(orders.map((o) => `a ${pieceName(o.role)}`));
    lines.push({ cell, done: doneFor(cell), text: `Your ${pieceName(view.board[cell])} on <b>${cell}</b> converts: choose what it becomes — ${roles}.` });
  }
  const builds = legal.filter((o) => o.kind === "build");
  if (builds.length) {
    const roles = [...new Set(builds.map((o) => o.role))];
    const where = roles.map((r) => `a ${pieceName(r)} on ${orList(builds.filter((o) => o.role === r).map((o) => o.to))}`);
    const done = drafted.filter((o) => o.kind === "build");
    lines.push({ cell: null, done: done[0] || null, text: `You may build ${orList(where, "or")}: click a marked square.` });
  }
  const away = new Set(dislodged.map((d) => d.cell));
  const disbands = legal.filter((o) => o.kind === "disband" && o.from && !away.has(o.from));
  if (disbands.length && !legal.some((o) => isMove(o) && !away.has(o.from))) {
    const pieces = orList(disbands.map((o) => `the ${pieceName(view.board[o.from])} on ${o.from}`));
    const done = drafted.filter((o) => o.kind === "disband" && !away.has(o.from));
    lines.push({ cell: null, done: done[0] || null, text: `You may disband ${pieces}: click the piece, then Disband.` });
  }
  return lines;
}

/** Buttons that add orders (`data-add` is the order's text) with their words. */
export function orderButtons(view, orders, label = (o) => escapeHtml(orderWords(view, o) || o.order)) {
  return `<div class="order-choices">${orders.slice(0, 40).map((o) =>
    `<button data-add="${escapeHtml(o.order)}" title="${escapeHtml(o.order)}">${label(o)}</button>`).join("")}</div>`;
}
