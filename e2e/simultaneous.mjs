// Simultaneous games through the page: both players write their orders on the board and
// seal them; the other player's page must show that orders are sealed but never what they
// are, until the turn resolves and its resolution is drawn on the board.

import {
  apiGet, check, clickCell, createInLobby, gameId, joinByInvite, joinFromLobby, newPage, phoneShot, shot,
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
async function showNow(page) {
  if (await page.$('[data-turn="now"]')) await page.click('[data-turn="now"]', { timeout: 5000 });
}

/** Writes one order on the page: a click on the piece, then on the target cell or on the
 *  order's button. Returns the draft's texts. */
async function enter(page, { from, to, button, on, pick, type }) {
  if (type) {
    // An entry typed in (Diplomacy Chess: a conditional entry of a progressive series).
    await page.fill("#entry", type);
    await page.click("#add-entry");
    return page.$$eval("#draft li[data-order]", (els) => els.map((e) => e.dataset.order));
  }
  await clickCell(page, from);
  if (to) {
    await clickCell(page, to);
    // A target with a piece on it may also be supported: the chooser asks which is meant.
    const choices = await page.$$eval(".chooser button[data-i]", (els) => els.map((e) => e.textContent));
    if (choices.length) {
      const i = choices.findIndex((t) => t.trim().endsWith(`- ${to}`) || !/ S /.test(t));
      check(i >= 0, `no move to ${to} among ${choices.join(" | ")}`);
      await page.click(`.chooser button[data-i="${i}"]`);
    }
  } else if (on) {
    // A support given on the board: the supporter, then the supported piece, then the
    // order from the chooser.
    await clickCell(page, on);
    await page.waitForSelector(".chooser button[data-i]", { timeout: 5000 });
    const texts = await page.$$eval(".chooser button[data-i]", (els) => els.map((e) => e.textContent));
    const i = texts.findIndex((t) => new RegExp(pick).test(t));
    check(i >= 0, `no support matches /${pick}/ among ${texts.join(" | ")}`);
    await page.click(`.chooser button[data-i="${i}"]`);
  } else {
    await page.waitForSelector(".order-choices [data-add]", { timeout: 5000 });
    const texts = await page.$$eval(".order-choices [data-add]", (els) => els.map((e) => e.dataset.add));
    const pick = texts.find((t) => new RegExp(button).test(t));
    check(pick, `no order button matches /${button}/ among ${texts.join(" | ")}`);
    await page.click(`.order-choices [data-add="${pick}"]`);
  }
  return page.$$eval("#draft li[data-order]", (els) => els.map((e) => e.dataset.order));
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
    for (const order of turn.white) whiteOrders = await enter(a, order);
    check(whiteOrders.length === turn.white.length, `${game} turn ${i + 1}: White's draft holds ${whiteOrders.join(", ")}`);
    await shot(a, `${label}-${i + 1}a-white-writing`);
    const from = traffic.length;
    const watchedFrom = watched.length;
    await a.click("#seal");
    await waitFor(a, () => document.querySelector('[data-sealed="white"].yes'), null, "White's own page to show its orders sealed");
    // Black's page and the watcher's learn that White has sealed, and nothing of what.
    for (const [p, who, seen, since] of [[b, "Black", traffic, from], [watcher, "the watcher", watched, watchedFrom]]) {
      await waitFor(p, () => document.querySelector('[data-sealed="white"].yes'), null, `${who}'s page to show White's orders sealed`);
      await p.waitForTimeout(300);
      const panel = await p.$eval("aside.side", (e) => e.innerText);
      const arrows = await p.$$eval("svg.board .overlay .arrow", (els) => els.length);
      for (const order of whiteOrders) {
        check(!panel.includes(order), `${game}: ${who}'s page shows White's sealed order ${order}`);
        const leak = seen.slice(since).find((t) => carries(t, order));
        check(!leak, `${game}: ${who}'s page received White's sealed order ${order}: ${leak && leak.slice(0, 200)}`);
      }
      check(arrows === 0, `${game}: ${who}'s board draws ${arrows} arrows before the turn resolves`);
    }
    await shot(b, `${label}-${i + 1}b-black-sees-sealed`);
    for (const order of turn.black) await enter(b, order);
    await b.click("#seal");
    // Resolved: both pages draw the turn on the board and explain it.
    for (const p of [a, b, watcher]) {
      await waitFor(p, (n) => document.querySelectorAll('.tabs [data-turn]:not([data-turn="now"])').length >= n,
        i + 1, `${game} turn ${i + 1} to resolve`);
      await waitFor(p, () => document.querySelectorAll("svg.board .overlay .arrow").length > 0, null, "the resolution's arrows");
      await waitFor(p, () => document.querySelectorAll("[data-explanation] li").length > 0, null, "the resolution's explanation");
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

/** A DiploChess retreat on the page: the dislodged piece is drawn in the corner of the cell
 *  its attacker took, its retreat is highlighted, and the retreat is ordered by clicks. */
export async function retreat(browser, base) {
  const g = await twoPlayersByApi(base, { game: "diplochess" });
  const orders = (token, list) => g.post(`/api/games/${g.id}/orders`, { orders: list }, token);
  await orders(g.white, ["P e2 - e4", "P c2 - c4"]);
  await orders(g.black, ["P d7 - d5"]);
  await orders(g.white, ["P e4 - d5", "P c4 S P e4 - d5"]);
  await orders(g.black, ["P d5 H"]);
  const view = await apiGet(base, `/api/games/${g.id}`, g.black);
  check(view.phase.includes("retreats"), `the game is in ${view.phase}, not the retreats`);
  const page = await newPage(browser);
  await page.addInitScript(([id, seat]) => localStorage.setItem(`diplo.game.${id}`, seat),
    [g.id, JSON.stringify({ token: g.black, color: "black" })]);
  await page.goto(`${base}/games/${g.id}`);
  await page.waitForSelector('svg.board [data-dislodged="d5"]');
  await showNow(page);
  await page.waitForSelector('svg.board [data-dislodged="d5"]');
  // Only Black owes a retreat: White's panel says it has nothing to order, not "sealed".
  const whiteNote = await page.$eval('[data-sealed="white"]', (e) => e.textContent);
  check(whiteNote.includes("nothing to order"), `White's panel reads "${whiteNote}" in Black's retreat`);
  const attacker = await page.$eval('svg.board .pieces [data-at="d5"] [data-piece]', (e) => e.dataset.piece);
  check(attacker === "P", `the attacker on d5 is drawn as ${attacker}`);
  await clickCell(page, "d5");
  const shown = await page.$$eval("svg.board .overlay-under [data-target]", (els) => els.map((e) => e.dataset.target));
  const expected = view.dislodged[0].retreats;
  check(shown.length === expected.length && shown.every((c) => expected.includes(c)),
    `the retreat targets are [${shown}], the server's [${expected}]`);
  await shot(page, "diplochess-retreat");
  await clickCell(page, expected[0]);
  await page.click("#seal");
  await waitFor(page, () => document.querySelectorAll('.tabs [data-turn]:not([data-turn="now"])').length >= 3, null, "the retreat to resolve");
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
  await page.click("#seal");
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
