// Saved orders on the page of the simultaneous games: orders saved as they are entered and
// used at the deadline even if their player never said Ready, kept over a reload, the
// deadline's warning; and the steps of the other scenarios that look at how orders are
// entered (a support given piece by piece, a progressive series' count).

import { apiGet, check, clickCell, phoneShot, seatedPage, shot, twoPlayersByApi, waitFor } from "./helpers.mjs";
import { draftOf, enter, showsNewPosition } from "./simultaneous.mjs";

/** DiploChess, a 15 s deadline set through the API: White enters a move (saved, not
 *  ready), reloads (the draft is still there, from the server), says Ready and takes it
 *  back (Black's page follows), and is warned as the deadline comes near (on the page and
 *  in the tab's title); Black saves nothing. At the deadline the turn resolves with White's
 *  saved move, and the page says that Black sent no orders. */
export async function savedAtDeadline(browser, base) {
  const g = await twoPlayersByApi(base, { game: "diplochess", deadline_s: 15 });
  const white = await seatedPage(browser, base, g.id, g.white, "white");
  const black = await seatedPage(browser, base, g.id, g.black, "black");
  const draft = await enter(white, { from: "e2", to: "e4" });
  check(draft.join() === "P e2 - e4", `White's draft is [${draft}]`);
  await white.reload();
  await white.waitForSelector("svg.board .cells [data-cell]");
  const kept = await draftOf(white);
  check(kept.join() === "P e2 - e4", `after a reload White's draft is [${kept}]`);
  check(await white.$('svg.board .overlay [data-arrow="e2-e4"]'), "after a reload the saved move is not drawn");
  const state = await white.textContent("[data-order-state]");
  check(/Not ready · 1 order saved/.test(state), `White's page says "${state}"`);
  // Black's page knows only that White is not ready; the public view has no orders.
  check((await black.textContent('[data-ready="white"]')).includes("not ready"), "Black's page does not say White is not ready");
  const publicView = await apiGet(base, `/api/games/${g.id}`);
  check(!JSON.stringify(publicView).includes("P e2 - e4"), "the public view shows White's saved order");
  // Ready, then Not ready: the orders are locked, then free again; Black's page follows.
  await white.click("#ready");
  await waitFor(white, () => document.querySelector('[data-order-state="ready"]') && document.querySelector("#unready"),
    null, "White's page to say it is ready");
  await waitFor(black, () => document.querySelector('[data-ready="white"].yes'), null, "Black's page to show White ready");
  await white.click("#unready");
  await waitFor(white, () => document.querySelector('[data-order-state="saved"]'), null, "White's page to say it is not ready again");
  await waitFor(black, () => !document.querySelector('[data-ready="white"].yes'), null, "Black's page to show White not ready again");
  check((await draftOf(white)).join() === "P e2 - e4", "Not ready lost White's saved order");
  // The warning: White is told its saved order will be used, Black that it has none.
  await waitFor(white, () => document.querySelector("[data-deadline-warning]"), null, "the deadline's warning on White's page");
  const warning = await white.textContent("[data-deadline-warning]");
  check(/not ready: your 1 saved order will be used/.test(warning), `White's warning reads "${warning}"`);
  const title = await white.title();
  check(/^⏰ \d+:\d\d — your orders/.test(title), `White's tab is titled "${title}"`);
  await waitFor(black, () => document.querySelector("[data-deadline-warning]"), null, "the deadline's warning on Black's page");
  const blackWarning = await black.textContent("[data-deadline-warning]");
  check(/saved no orders: when the time is up, your pieces hold/.test(blackWarning), `Black's warning reads "${blackWarning}"`);
  await shot(white, "diplochess-deadline-1-warning-white");
  // The deadline: the turn resolves with the saved move; Black's phase is said missed.
  for (const p of [white, black]) {
    await waitFor(p, () => document.querySelectorAll('.tabs [data-turn]:not([data-turn="now"])').length >= 1, null, "the deadline to resolve the turn");
    await waitFor(p, () => document.querySelector('[data-missed="black"]'), null, "the page to say Black sent no orders");
    await showsNewPosition(p, base, g.id, "after the deadline");
  }
  const view = await apiGet(base, `/api/games/${g.id}`);
  const turn = view.history[0];
  check(turn.white.join() === "P e2 - e4", `the turn resolved with White's [${turn.white}]`);
  check((turn.missed || []).join() === "black", `the history says [${turn.missed}] missed the turn`);
  const listed = await white.$$eval("[data-explanation] li", (els) => els.map((e) => e.textContent.replace(/\s+/g, " ").trim()));
  check(listed.some((t) => /P e2 - e4 moved to e4/.test(t)), `the list does not say the pawn moved: ${listed.join(" | ")}`);
  check(view.board.e4 === "P", "the pawn is not on e4");
  await shot(white, "diplochess-deadline-2-resolved-white");
  await white.context().close();
  await black.context().close();
}

/** DiploChess: a piece picked offers its moves and the pieces it may support on the board
 *  (not a list of every support); the draft is drawn (arrows, the support, the ordered
 *  hold, a faint ring on each piece that holds for want of an order). Screenshots of each
 *  step of a support: the piece, the supported piece, where that one goes. */
export async function supportsOnTheBoard(page, orders) {
  check(orders.includes("Q d1 S P d2 - d4"), `the support is not in the draft [${orders}]`);
  check(await page.$('svg.board .overlay .arrow-support'), "the support is not drawn");
  check(await page.$('svg.board .overlay [data-mark="hold"][data-cell="g1"]'), "the knight's hold is not drawn");
  const faint = await page.$$eval('svg.board .overlay [data-mark="hold-default"]', (els) => els.map((e) => e.dataset.cell));
  check(faint.length > 8 && !faint.some((c) => ["d1", "d2", "g1"].includes(c)), `the faint holds are on [${faint}]`);
  await clickCell(page, "b1");
  const buttons = await page.$$eval(".order-choices [data-add]", (els) => els.map((e) => e.dataset.add));
  check(buttons.length <= 3, `the knight on b1 lists ${buttons.length} buttons: ${buttons.join(" | ")}`);
  const badges = await page.$$eval("svg.board [data-supportable]", (els) => els.map((e) => e.dataset.supportable));
  check(badges.includes("c2") && badges.includes("d1"), `the pieces the knight may support: [${badges}]`);
  await shot(page, "diplochess-support-1-piece");
  await clickCell(page, "c2");
  await page.waitForSelector(".chooser button[data-i]", { timeout: 5000 });
  await shot(page, "diplochess-support-2-supported-piece");
  const texts = await page.$$eval(".chooser button[data-i]", (els) => els.map((e) => e.textContent));
  await page.click(`.chooser button[data-i="${texts.findIndex((t) => t.startsWith("Support the"))}"]`);
  await page.waitForSelector('[data-guide="support"]', { timeout: 5000 });
  const to = await page.$$eval("svg.board .overlay-under [data-target]", (els) => els.map((e) => e.dataset.target));
  check(to.join() === "c3", `the knight's support of c2 offers [${to}], not c3 alone (it cannot reach c2)`);
  await shot(page, "diplochess-support-3-destination");
  await phoneShot(page, "diplochess-support-3-destination");
  await page.keyboard.press("Escape");
  await waitFor(page, () => !document.querySelector('[data-guide="support"]'), null, "Escape to end the support");
  check((await draftOf(page)).join() === orders.join(), "cancelling a support changed the draft");
}

/** Diplomacy Chess, progressive, turn 2: the page says how many entries are due and which
 *  is next (the view's `order_count`); with both written, a third is refused at once. */
export async function progressiveCount(page, orders) {
  check(orders.length === 2, `White's series holds [${orders}]`);
  const count = await page.$eval("[data-count]", (e) => ({ text: e.textContent.replace(/\s+/g, " "), due: e.dataset.due }));
  check(count.due, `the page does not say how many entries are due ("${count.text}")`);
  check(/2 entries due — all 2 written/.test(count.text), `the page says "${count.text}"`);
  await page.fill("#entry", "d4");
  await waitFor(page, () => /Every entry of this turn is written/.test(document.querySelector("[data-entry-check]")?.textContent || ""),
    null, "the page to say every entry is written");
  await page.press("#entry", "Enter");
  await waitFor(page, () => document.querySelector("[data-entry-error]"), null, "a third entry to be refused");
  check((await draftOf(page)).length === 2, "a third entry was added");
  await page.fill("#entry", "");
  await shot(page, "diplomacy-chess-progressive-2-series");
  await phoneShot(page, "diplomacy-chess-progressive-2-series");
}

/** The turn list steps back through history: the first phase of a game of two is drawn
 *  over the position it led to (the board the second was ordered on), and "Show the
 *  position before" over the one it was ordered on; Now comes back. */
export async function historySteps(base, id, page) {
  const view = await apiGet(base, `/api/games/${id}`);
  const pieces = () => page.$$eval("svg.board .pieces [data-at]", (els) => Object.fromEntries(els.map((e) =>
    [e.dataset.at, e.querySelector("[data-piece]").dataset.piece])));
  const same = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
  await page.click('[data-turn="0"]');
  await waitFor(page, () => document.querySelector('[data-shown="after"]'), null, "the first phase over the position it led to");
  check(same(await pieces(), view.history[1].resolution.board_before), "the first phase is not drawn over the position it led to");
  await page.click("#before-after");
  await waitFor(page, () => document.querySelector('[data-shown="before"]'), null, "the first phase over the position before it");
  check(same(await pieces(), view.history[0].resolution.board_before), "the first phase is not drawn over the position before it");
  await page.click('[data-turn="now"]');
  await waitFor(page, () => document.querySelector('[data-turn="now"].on'), null, "Now");
  check(same(await pieces(), view.board), "Now does not show the position now");
}
