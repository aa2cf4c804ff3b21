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

/** The turn's orders with their outcomes (why a failed one failed), then the adjudicator's
 *  whole report, folded. */
export function explanationHtml(turn) {
  const r = turn.resolution;
  const orders = r ? r.orders.map((o) => `<li class="${o.executed ? "ok" : "fail"}" data-outcome="${o.executed ? "executed" : "failed"}">
      <span class="dotc ${escapeHtml(o.side)}" title="${escapeHtml(o.side)}"></span>${o.step ? `<span class="step" title="step of the series">${o.step}.</span>` : ""}<code>${escapeHtml(o.order)}</code>
      <span class="outcome">${o.executed ? "executed" : `failed${o.reason ? `: ${escapeHtml(o.reason)}` : ""}`}</span></li>`).join("") : "";
  const report = (turn.explanation || []).map(escapeHtml).join("\n");
  return `<ul class="explanation" data-explanation>${orders}</ul>
    ${report ? `<details class="report"><summary class="small muted">The adjudicator's report</summary><pre>${report}</pre></details>` : ""}`;
}
