// A resolved phase of a simultaneous game drawn on the board: by default over the position
// it led to (the pieces that moved slide in from where they started, failed moves bump
// towards where they were going), or over the position it was ordered on; arrows for moves
// (green executed, red dashed failed), dashed blue curves for supports, and the
// adjudication's marks (bounces, cuts, standoffs, dislodged pieces). Beside it, what
// happened to each piece in words.

import { escapeHtml } from "./api.js";
import { capital, isMove, pieceName, sideOf, supportArrow } from "./game/orders.js";

export { supportArrow };

/** The position after phase `i` of the history: the board the next phase was ordered on,
 *  or, after the last one, the board now (with the pieces still to retreat). */
export function positionAfter(view, i) {
  const next = view.history[i + 1];
  if (next && next.resolution) {
    // Pieces this phase dislodged wait in the corner of the cell they lost.
    const r = view.history[i].resolution;
    const dislodged = ((r && r.marks) || []).filter((m) => m.kind === "dislodged" && r.board_before[m.cell])
      .map((m) => ({ cell: m.cell, piece: r.board_before[m.cell], retreats: [] }));
    return { pieces: next.resolution.board_before, dislodged };
  }
  return { pieces: view.board, dislodged: view.dislodged || [] };
}

/** The board's drawing of a resolved phase: over the position `after` it ({pieces,
 *  dislodged}), or over the one before it when `after` is null; `key` starts the
 *  animation of its moves once. */
export function resolutionDrawing(resolution, after, key) {
  const arrows = [];
  for (const o of resolution.orders) {
    if (!o.from || !o.to) continue;
    if (o.kind === "support") {
      arrows.push(supportArrow(o));
    } else if (o.from !== o.to) {
      arrows.push({ from: o.from, to: o.to, kind: o.executed ? "ok" : "fail" });
    }
  }
  const holds = resolution.orders
    .filter((o) => o.kind === "hold" && o.from && o.executed)
    .map((o) => ({ cell: o.from, kind: "hold" }));
  const marks = holds.concat(resolution.marks);
  if (!after) return { pieces: resolution.board_before, arrows, marks };
  // Over the new position, a dislodged piece's cell holds the piece that took it: the
  // dislodgement's mark says it, not the failure of the order the piece had there.
  const gone = new Set(resolution.marks.filter((m) => m.kind === "dislodged").map((m) => m.cell));
  const shown = marks.filter((m) => !(m.kind === "failed" && gone.has(m.cell)));
  const before = resolution.board_before;
  const moves = resolution.orders
    .filter((o) => isMove(o) && o.from && o.to && o.from !== o.to)
    // Only a piece that is where the animation needs it: one that arrived, or one that
    // failed and still stands where it started.
    .filter((o) => (o.executed ? after.pieces[o.to] : after.pieces[o.from] === before[o.from]))
    .map((o) => ({ from: o.from, to: o.to, ok: o.executed }));
  return { pieces: after.pieces, dislodged: after.dislodged, arrows, marks: shown, animation: { key, moves } };
}

/** The letter of `side`'s piece that gave order `o`: on the board the phase was ordered
 *  on, or (a retreat, whose piece shares its cell with the one that took it) on the board
 *  of the phase before. */
function moverOf(view, i, o) {
  const r = view.history[i].resolution;
  const here = o.from && r.board_before[o.from];
  if (here && sideOf(here) === o.side) return here;
  const prev = i > 0 && view.history[i - 1].resolution;
  const there = prev && o.from && prev.board_before[o.from];
  return there && sideOf(there) === o.side ? there : here || null;
}

/** What happened to the piece that gave order `o` of phase `i`, in words. */
export function outcomeWords(view, i, o) {
  const r = view.history[i].resolution;
  const before = r.board_before;
  const mover = moverOf(view, i, o);
  const retreat = mover && before[o.from] && sideOf(before[o.from]) !== o.side;
  const dislodgedHere = r.marks.find((m) => m.kind === "dislodged" && m.cell === o.from);
  const by = (m) => (m.from ? ` by the ${pieceName(before[m.from])} from ${m.from}` : "");
  if (!o.executed) {
    let words = o.reason || "failed";
    if (dislodgedHere && !/dislodged/i.test(words)) words += `; dislodged${by(dislodgedHere)}`;
    return words;
  }
  switch (o.kind) {
    case "move": {
      if (retreat) return `retreated to ${o.to}`;
      const pushed = r.marks.find((m) => m.kind === "dislodged" && m.cell === o.to && m.from === o.from);
      if (pushed) return `moved to ${o.to}, dislodging the ${pieceName(before[o.to])} there`;
      const there = before[o.to];
      const left = r.orders.some((x) => x.from === o.to && x.executed && isMove(x));
      if (there && sideOf(there) !== o.side && !left) return `moved to ${o.to} and took the ${pieceName(there)} there`;
      return `moved to ${o.to}${o.role ? `, becoming a ${pieceName(o.role)}` : ""}`;
    }
    case "castle":
      return "castled";
    case "hold":
      return dislodgedHere ? `dislodged${by(dislodgedHere)}` : "held its ground";
    case "support": {
      const other = pieceName(before[o.target]);
      return o.to && o.to !== o.target ? `supported the ${other}'s move to ${o.to}` : `supported the ${other} on ${o.target}`;
    }
    case "disband":
      return retreat ? "was removed (disbanded)" : "was disbanded";
    case "convert":
      return `became a ${pieceName(o.role)}`;
    case "build":
      return `a ${pieceName(o.role)} was built on ${o.to}`;
    default:
      return "done";
  }
}

/** The pieces a phase dislodged that had no order of their own (they held by default). */
function dislodgedWithoutOrder(view, i) {
  const r = view.history[i].resolution;
  return r.marks
    .filter((m) => m.kind === "dislodged" && !r.orders.some((o) => o.from === m.cell && sideOf(r.board_before[m.cell]) === o.side))
    .map((m) => {
      const piece = r.board_before[m.cell];
      const by = m.from ? ` by the ${pieceName(r.board_before[m.from])} from ${m.from}` : "";
      return { side: sideOf(piece), text: `${pieceName(piece)} on ${m.cell} (no order)`, outcome: `dislodged${by}` };
    });
}

/** The sides that sent no orders for phase `i`, each in words (the server's explanation
 *  says what the rules did with its pieces, where it does). */
function missedLines(view, i) {
  const turn = view.history[i];
  return (turn.missed || []).map((side) => {
    const said = (turn.explanation || []).find((line) => line.toLowerCase().startsWith(`${side} sent no orders`));
    return { side, text: said || `${capital(side)} sent no orders` };
  });
}

/** The explanation's lines for players, read against the phase's orders: each order's own
 *  line (`<side> <order>: what happened to its piece`) gives that order its words, in the
 *  order given; the other lines (a piece the rules moved without an order, a side that was
 *  not ready, what the next phase asks) are notes, where they stand. The position and the
 *  section headings are left to the folded report. Returns [{order} | {note, side}]; null
 *  where no order has a line of its own (an explanation in the report's form). */
function explained(view, i) {
  const turn = view.history[i];
  const orders = turn.resolution ? turn.resolution.orders : [];
  const lines = turn.explanation || [];
  const sides = Object.keys(view.players || {});
  const used = new Set();
  const words = new Map();
  for (const o of orders) {
    const head = `${o.side} ${o.order}: `;
    const at = lines.findIndex((line, n) => !used.has(n) && line.startsWith(head));
    if (at < 0) continue;
    used.add(at);
    // The line's verdict ("executed, …", "failed: …") is the list item's colour already.
    words.set(o, { at, text: lines[at].slice(head.length).replace(/^(executed|failed)[,:]\s*/, "") });
  }
  if (!words.size) return null;
  const missed = new Set(missedLines(view, i).map((m) => m.text));
  const items = [];
  lines.forEach((line, n) => {
    if (used.has(n) || missed.has(line) || /^(-- |position: )/.test(line)) return;
    items.push({ at: n, note: line, side: sides.find((side) => line.toLowerCase().startsWith(`${side} `)) || null });
  });
  for (const o of orders) {
    const w = words.get(o);
    items.push({ at: w ? w.at : lines.length, order: o, text: w ? w.text : outcomeWords(view, i, o) });
  }
  return items.sort((a, b) => a.at - b.at);
}

function orderLine(o, text) {
  return `<li class="${o.executed ? "ok" : "fail"}" data-outcome="${o.executed ? "executed" : "failed"}">
      <span class="dotc ${escapeHtml(o.side)}" title="${escapeHtml(o.side)}"></span>${o.step ? `<span class="step" title="step of the series">${o.step}.</span>` : ""}<code>${escapeHtml(o.order)}</code>
      <span class="outcome">${escapeHtml(text)}</span></li>`;
}

/** Phase `i`'s orders with what happened to each piece (the server's words where its
 *  explanation has them, else the page's own from the order's outcome and marks), the
 *  other notes of the explanation (or the pieces dislodged without an order), the sides
 *  that sent nothing first; then the adjudicator's whole report, folded. */
export function explanationHtml(view, i) {
  const turn = view.history[i];
  const r = turn.resolution;
  const missed = missedLines(view, i).map((m) => `<li class="missed" data-missed="${m.side}">
      <span class="dotc ${m.side}" title="${m.side}"></span><span>${escapeHtml(m.text)}</span></li>`).join("");
  const told = r ? explained(view, i) : null;
  let body = "";
  if (told) {
    body = told.map((item) => (item.order ? orderLine(item.order, item.text)
      : `<li class="note" data-note>${item.side ? `<span class="dotc ${item.side}" title="${item.side}"></span>` : ""}<span>${escapeHtml(item.note)}</span></li>`)).join("");
  } else if (r) {
    body = r.orders.map((o) => orderLine(o, outcomeWords(view, i, o))).join("")
      + dislodgedWithoutOrder(view, i).map((d) => `<li class="fail" data-outcome="dislodged">
      <span class="dotc ${d.side}" title="${d.side}"></span><span>${escapeHtml(capital(d.text))}</span>
      <span class="outcome">${escapeHtml(d.outcome)}</span></li>`).join("");
  }
  const report = [...(turn.report || turn.explanation || [])].map(escapeHtml).join("\n");
  return `<ul class="explanation" data-explanation>${missed}${body}</ul>
    ${report ? `<details class="report"><summary class="small muted">The adjudicator's report</summary><pre>${report}</pre></details>` : ""}`;
}
