// A resolved turn of a simultaneous game drawn on the board it was ordered on: arrows for
// moves (green executed, red dashed failed), dashed blue lines for supports, and the
// adjudication's marks (bounces, cuts, standoffs, dislodged pieces); and its explanation.

import { escapeHtml } from "./api.js";

/** A support as a dashed blue arrow: to the piece it keeps in place, or to the middle of
 *  the move it supports. */
export function supportArrow(o) {
  return o.target && o.target !== o.to
    ? { from: o.from, to: o.to, mid: [o.target, o.to], kind: "support" }
    : { from: o.from, to: o.target || o.to, kind: "support" };
}

export function resolutionDrawing(resolution) {
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
  return { pieces: resolution.board_before, arrows, marks: holds.concat(resolution.marks) };
}

/** The turn's orders with their outcomes, then the adjudicator's explanation. */
export function explanationHtml(turn) {
  const r = turn.resolution;
  const orders = r ? r.orders.map((o) => `<li class="${o.executed ? "ok" : "fail"}" data-outcome="${o.executed ? "executed" : "failed"}">
      <b>${escapeHtml(o.side)}</b> <code>${escapeHtml(o.order)}</code> — ${o.executed ? "executed" : `failed${o.reason ? `: ${escapeHtml(o.reason)}` : ""}`}</li>`).join("") : "";
  const notes = (turn.explanation || []).map((line) => `<li>${escapeHtml(line)}</li>`).join("");
  return `<ul class="explanation" data-explanation>${orders}</ul>
    ${notes ? `<details open><summary class="small muted">The adjudicator's explanation</summary><ul class="explanation">${notes}</ul></details>` : ""}`;
}
