// Simultaneous games through the page: both players write their orders on the board (each
// saved at once, sealed) and say they are ready; the other player's page and a watcher's
// must show who is ready but never what anyone saved, until the turn resolves and its
// resolution is drawn over the new position.

import {
  apiGet, check, clickCell, createInLobby, gameId, joinByInvite, joinFromLobby, newPage, phoneShot, seatedPage, shot,
  twoPlayersByApi, waitFor,
} from "./helpers.mjs";

/** Follows what a page receives from the server: event-stream frames and API answers. */
function recordTraffic(page) {
  const seen = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => seen.push(String(f.payload))));
  page.on("response", async (r) => {
    if (r.url().includes("/api/")) {
      try {
        seen.push(await r.text());
      } catch {
        /* a body that is gone is no leak */
      }
    }
  });
  return seen;
}

/** Whether a JSON text carries `order` as a value (not as a key such as a board cell).
 *  The reader's own `legal` list is left out: it is computed from the position alone, and
 *  in DiploChess it holds supports of every possible enemy move. */
function carries(text, order) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return text.includes(order) && order.length > 4;
  }
  const walk = (v) => {
    if (typeof v === "string") return v === order || (order.length > 4 && v.includes(order));
    if (Array.isArray(v)) return v.some(walk);
    if (v && typeof v === "object") {
      return Object.entries(v).some(([k, x]) => k !== "legal" && walk(x));
    }
    return false;
  };
  return walk(data);
}

/** Goes back from a resolved turn to the current one (its "Now" tab), if the page shows
 *  one. The selector is looked up again at the click: a live update redraws the panel. */
export async function showNow(page) {
  if (await page.$('[data-turn="now"]:not(.on)')) await page.click('[data-turn="now"]', { timeout: 5000 });
}

/** The draft's texts, once no order is being saved. */
export async function draftOf(page) {
  await waitFor(page, () => !document.querySelector("#draft li.saving"), null, "the order to be saved");
  return page.$$eval("#draft li[data-order]", (els) => els.map((e) => e.dataset.order));
}

/** Waits until the draft changes from `before` or an entry is refused; returns the draft. */
async function savedAfter(page, before) {
  await waitFor(page, (n) => document.querySelectorAll("#draft li[data-order]").length !== n
    || document.querySelector("[data-entry-error]"), before.length, "the order to be saved (or refused)");
  return draftOf(page);
}

/** Writes one order on the page and waits until the server has saved it: a click on the
 *  piece, then on the target cell or on one of the piece's order buttons; a support as the
 *  supporting piece, the supported piece, then where it goes (`support` and `to`); or an
 *  entry typed in and added with Enter. Returns the draft's texts. */
export async function enter(page, { from, to, button, support, type, refused, conditional }) {
  const before = await draftOf(page);
  if (type || refused) {
    // Checked as it is typed; Enter adds it (or shows at once why the server refused it).
    await page.fill("#entry", type || refused);
    await waitFor(page, () => document.querySelector("[data-entry-check]")?.textContent.trim(), null, "the typed entry's check");
    await page.press("#entry", "Enter");
    const after = await savedAfter(page, before);
    if (refused) {
      const error = await page.textContent("[data-entry-error]");
      check(error.includes(refused), `the refusal does not name the entry: ${error}`);
      check(after.join() === before.join(), `a refused entry changed the draft: [${after}]`);
    }
    return after;
  }
  if (conditional) {
    // A conditional entry built in the small form: if, then, else.
    await page.click("[data-conditional] summary");
    for (const [field, text] of ["cond-if", "cond-then", "cond-else"].map((f, i) => [f, conditional[i]])) await page.fill(`#${field}`, text);
    await page.click("#cond-add");
    return savedAfter(page, before);
  }
  await clickCell(page, from);
  if (support) {
    // The supported piece: one of the player's own asks whether it is a support (or that
    // piece's own orders); another side's piece is taken as the support at once.
    await clickCell(page, support);
    const asked = await page.$(".chooser button[data-i]");
    if (asked) {
      const texts = await page.$$eval(".chooser button[data-i]", (els) => els.map((e) => e.textContent));
      const i = texts.findIndex((t) => t.startsWith("Support the"));
      check(i >= 0, `the chooser offers no support: ${texts.join(" | ")}`);
      await page.click(`.chooser button[data-i="${i}"]`);
    }
    await page.waitForSelector('[data-guide="support"]', { timeout: 5000 });
    // The board offers exactly the supported piece's destinations (and itself, to hold).
    await clickCell(page, to);
  } else if (to) {
    await clickCell(page, to);
    // A target with a piece on it may also be supported: the chooser asks which is meant.
    const choices = await page.$$eval(".chooser button[data-i]", (els) => els.map((e) => e.textContent));
    if (choices.length) {
      const i = choices.findIndex((t) => t.startsWith(`Move it to ${to}`));
      check(i >= 0, `no move to ${to} among ${choices.join(" | ")}`);
      await page.click(`.chooser button[data-i="${i}"]`);
    }
  } else {
    await page.waitForSelector(".order-choices [data-add]", { timeout: 5000 });
    const texts = await page.$$eval(".order-choices [data-add]", (els) => els.map((e) => e.dataset.add));
    const pick = texts.find((t) => new RegExp(button).test(t));
    check(pick, `no order button matches /${button}/ among ${texts.join(" | ")}`);
    await page.click(`.order-choices [data-add="${pick}"]`);
  }
  return savedAfter(page, before);
}

/** The pieces a page's board shows: {cell: letter}. */
export function boardPieces(page) {
  return page.$$eval("svg.board .pieces [data-at]", (els) => Object.fromEntries(els.map((e) =>
    [e.dataset.at, e.querySelector("[data-piece]").dataset.piece])));
}

/** The board shows the position the server has now (after the last resolution). */
export async function showsNewPosition(page, base, id, what) {
  const view = await apiGet(base, `/api/games/${id}`);
  const shown = await boardPieces(page);
  const want = JSON.stringify(Object.entries(view.board).sort());
  check(JSON.stringify(Object.entries(shown).sort()) === want, `${what}: the board does not show the new position`);
}

/** Nothing the opponent's or a watcher's browser can reach shows `orders`: the page's
 *  text and board, what it received since `since`, and the public API, record and lobby. */
async function neverShown(base, id, orders, pages, what) {
  const record = await (await fetch(`${base}/api/games/${id}/record`)).text();
  const publicView = JSON.stringify(await apiGet(base, `/api/games/${id}`));
  const lobby = JSON.stringify(await apiGet(base, "/api/games?status=active"));
  const tokens = new Set(record.split(/[\s,/]+/));
  for (const order of orders) {
    check(order.length > 4 ? !record.includes(order) : !tokens.has(order), `${what}: the record shows ${order}`);
    check(!carries(publicView, order), `${what}: the public view shows ${order}`);
    check(!carries(lobby, order), `${what}: the lobby shows ${order}`);
  }
  for (const [p, who, seen, since] of pages) {
    await p.waitForTimeout(300);
    const panel = await p.$eval("aside.side", (e) => e.innerText);
    const arrows = await p.$$eval("svg.board .overlay .arrow", (els) => els.length);
    for (const order of orders) {
      check(!panel.includes(order), `${what}: ${who}'s page shows ${order}`);
      const leak = seen.slice(since).find((t) => carries(t, order));
      check(!leak, `${what}: ${who}'s page received ${order}: ${leak && leak.slice(0, 200)}`);
    }
    check(arrows === 0, `${what}: ${who}'s board draws ${arrows} arrows before the turn resolves`);
  }
}

export async function simultaneousPair(browser, base, game, turns, expect, { time = "none", open = false, options = {} } = {}) {
  // The screenshots' names: the game, and its options where they are not the defaults.
  const label = [game, ...Object.values(options)].join("-");
  const a = await newPage(browser);
  const b = await newPage(browser);
  await createInLobby(a, base, { game, color: "white", time, open, options });
  const id = gameId(a);
  if (open) await joinFromLobby(a, b, base);
  else await joinByInvite(a, b);
  if (time !== "none") {
    // The turn's deadline counts down on both pages.
    const seconds = (text) => text.split(":").reduce((acc, part) => acc * 60 + Number(part), 0);
    for (const p of [a, b]) {
      await p.waitForSelector("[data-deadline]", { timeout: 5000 });
      const left = await p.textContent("[data-deadline]");
      check(/^\d+:\d\d$/.test(left), `${game}: the deadline reads ${left}`);
      await p.waitForTimeout(1300);
      const later = await p.textContent("[data-deadline]");
      check(seconds(later) < seconds(left), `${game}: the deadline does not count down (${left}, then ${later})`);
    }
  }
  // A third browser watches without a seat: it must learn no more than Black.
  const watcher = await newPage(browser);
  const watched = recordTraffic(watcher);
  await watcher.goto(`${base}/games/${id}`);
  await watcher.waitForSelector("svg.board .cells [data-cell]", { timeout: 15000 });
  const traffic = recordTraffic(b);
  for (const [i, turn] of turns.entries()) {
    for (const p of [a, b, watcher]) await showNow(p);
    let whiteOrders = [];
    const from = traffic.length;
    const watchedFrom = watched.length;
    for (const order of turn.white) whiteOrders = await enter(a, order);
    const given = turn.white.filter((o) => !o.refused).length;
    check(whiteOrders.length === given, `${game} turn ${i + 1}: White's draft holds ${whiteOrders.join(", ")}`);
    if (turn.whiteCheck) await turn.whiteCheck(a, whiteOrders);
    await shot(a, `${label}-${i + 1}a-white-writing`);
    // Saved but not ready: White's page says so, and nobody else learns anything of them.
    await waitFor(a, () => document.querySelector('[data-order-state="saved"]'), null, "White's page to say its orders are saved, not ready");
    const watchers = () => [[b, "Black", traffic, from], [watcher, "the watcher", watched, watchedFrom]];
    for (const [p, who] of watchers()) {
      const note = await p.$eval('[data-ready="white"]', (e) => e.textContent);
      check(note.includes("not ready"), `${game}: ${who}'s page says White is "${note}" while White writes`);
    }
    await neverShown(base, id, whiteOrders, watchers(), `${game} turn ${i + 1}, White's saved orders`);
    await a.click("#ready");
    await waitFor(a, () => document.querySelector('[data-ready="white"].yes'), null, "White's own page to show it is ready");
    // Black's page and the watcher's learn that White is ready, and nothing of what.
    for (const [p, who] of watchers()) {
      await waitFor(p, () => document.querySelector('[data-ready="white"].yes'), null, `${who}'s page to show White ready`);
    }
    await neverShown(base, id, whiteOrders, watchers(), `${game} turn ${i + 1}, White's ready orders`);
    await shot(b, `${label}-${i + 1}b-black-sees-ready`);
    for (const order of turn.black) await enter(b, order);
    await b.click("#ready");
    // Resolved: every page draws the turn over the new position and explains it.
    for (const p of [a, b, watcher]) {
      await waitFor(p, (n) => document.querySelectorAll('.tabs [data-turn]:not([data-turn="now"])').length >= n,
        i + 1, `${game} turn ${i + 1} to resolve`);
      await waitFor(p, () => document.querySelectorAll("svg.board .overlay .arrow").length > 0, null, "the resolution's arrows");
      await waitFor(p, () => document.querySelectorAll("[data-explanation] li").length > 0, null, "the resolution's explanation");
      await waitFor(p, () => document.querySelector('[data-shown="after"]'), null, "the resolution drawn over the new position");
      await showsNewPosition(p, base, id, `${game} turn ${i + 1}`);
    }
    if (expect[i]) await expect[i](a, b);
    await shot(a, `${label}-${i + 1}c-resolution-white`);
    await shot(b, `${label}-${i + 1}d-resolution-black`);
    if (i === turns.length - 1) await phoneShot(b, `${label}-${i + 1}d-resolution-black`);
  }
  const view = await apiGet(base, `/api/games/${id}`);
  check(view.history.length === turns.length, `${game}: ${view.history.length} turns played, not ${turns.length}`);
  a.once("dialog", (d) => d.accept());
  await a.click("#resign");
  for (const p of [a, b]) {
    await waitFor(p, () => document.querySelector("[data-result]")?.dataset.result === "0-1", null, `${game}: the result on both pages`);
  }
  await a.context().close();
  await b.context().close();
  await watcher.context().close();
}

/** A DiploChess retreat on the page: opened after the movement that dislodged the pawn,
 *  the board shows the new position with that movement drawn over it; the page says what
 *  is owed ("your pawn on d5 was dislodged: retreat to d4 or disband"), the dislodged piece
 *  is drawn in the corner of the cell its attacker took, a click on it highlights exactly
 *  the server's retreat squares, and the retreat ordered by clicks resolves. */
export async function retreat(browser, base) {
  const g = await twoPlayersByApi(base, { game: "diplochess" });
  const orders = (token, list) => g.post(`/api/games/${g.id}/orders`, { orders: list }, token);
  await orders(g.white, ["P e2 - e4", "P c2 - c4"]);
  await orders(g.black, ["P d7 - d5"]);
  await orders(g.white, ["P e4 - d5", "P c4 S P e4 - d5"]);
  await orders(g.black, ["P d5 H"]);
  const view = await apiGet(base, `/api/games/${g.id}`, g.black);
  check(view.phase.includes("retreats"), `the game is in ${view.phase}, not the retreats`);
  const page = await seatedPage(browser, base, g.id, g.black, "black");
  await page.waitForSelector('svg.board [data-dislodged="d5"]');
  await waitFor(page, () => document.querySelector('[data-shown="after"]'), null, "the movement drawn over the new position");
  await showsNewPosition(page, base, g.id, "the retreat");
  const listed = await page.$$eval("[data-explanation] li", (els) => els.map((e) => e.textContent.replace(/\s+/g, " ").trim()));
  check(listed.some((t) => /P d5 H.*dislodged/.test(t)), `the list does not say the pawn was dislodged: ${listed.join(" | ")}`);
  await shot(page, "diplochess-retreat-1-after-movement");
  // Only Black owes a retreat: White's panel says it has nothing to order, not "ready".
  const whiteNote = await page.$eval('[data-ready="white"]', (e) => e.textContent);
  check(whiteNote.includes("nothing to order"), `White's panel reads "${whiteNote}" in Black's retreat`);
  const owed = await page.$eval("[data-owed]", (e) => e.textContent.replace(/\s+/g, " "));
  check(/Your pawn on d5 was dislodged: retreat to d4 or disband/.test(owed), `the page says "${owed}"`);
  const attacker = await page.$eval('svg.board .pieces [data-at="d5"] [data-piece]', (e) => e.dataset.piece);
  check(attacker === "P", `the attacker on d5 is drawn as ${attacker}`);
  await clickCell(page, "d5");
  const shown = await page.$$eval("svg.board .overlay-under [data-target]", (els) => els.map((e) => e.dataset.target));
  const expected = view.dislodged[0].retreats;
  check(shown.length === expected.length && shown.every((c) => expected.includes(c)),
    `the retreat targets are [${shown}], the server's [${expected}]`);
  await shot(page, "diplochess-retreat-2-choices");
  await phoneShot(page, "diplochess-retreat-2-choices");
  await clickCell(page, expected[0]);
  const draft = await draftOf(page);
  check(draft.join() === `P d5 - ${expected[0]}`, `the retreat saved is [${draft}]`);
  await shot(page, "diplochess-retreat-3-entered");
  await page.click("#ready");
  await waitFor(page, () => document.querySelectorAll('.tabs [data-turn]:not([data-turn="now"])').length >= 3, null, "the retreat to resolve");
  await waitFor(page, () => /retreated to d4/.test(document.querySelector("[data-explanation]")?.textContent || ""),
    null, "the list to say the pawn retreated");
  await showsNewPosition(page, base, g.id, "after the retreat");
  await shot(page, "diplochess-retreat-4-resolved");
  await page.context().close();
}

/** DiploChess against the computer, created in the lobby: the player's orders sealed on the
 *  page, the engine's own sealed by the server, and the resolved turn drawn with the orders
 *  the server resolved in its list. */
export async function simultaneousAgainstEngine(browser, base) {
  const page = await newPage(browser);
  await createInLobby(page, base, { game: "diplochess", opponent: "engine", level: 1, color: "white" });
  const id = gameId(page);
  await enter(page, { from: "e2", to: "e4" });
  await page.click("#ready");
  await waitFor(page, () => document.querySelectorAll('.tabs [data-turn]:not([data-turn="now"])').length >= 1,
    null, "the turn against the engine to resolve");
  await waitFor(page, () => document.querySelectorAll("[data-explanation] li").length > 0, null, "the resolution's explanation");
  const view = await apiGet(base, `/api/games/${id}`);
  check(view.players.black.startsWith("engine"), `the opponent is ${view.players.black}`);
  check(view.history.length >= 1, "no turn resolved");
  // The list shows the turn's orders, White's and the engine's (which may be none: every
  // piece left without an order holds), as the server resolved them.
  const listed = await page.$$eval("[data-explanation] li", (els) => els.map((e) => e.querySelector("code").textContent));
  const resolved = view.history[0].resolution.orders.map((o) => o.order);
  check(listed.join("|") === resolved.join("|"), `the page lists [${listed}], the server resolved [${resolved}]`);
  check(listed.includes("P e2 - e4"), `White's order is not in the list [${listed}]`);
  await shot(page, "engine-diplochess");
  await page.context().close();
}
