// What the scenarios share: the server under test, the pages, clicks on board cells,
// waits with bounded timeouts, checks, and screenshots.

import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const DIPLO = process.env.DIPLO_BIN || join(ROOT, "target", "debug", "diplo");
export const ARTIFACTS = join(ROOT, "e2e", "artifacts");
export const WAIT_MS = 15000;

/** Starts `diplo serve` on a free port with a fresh SQLite file; resolves to
 *  {base, stop}. The server is killed by `stop` and when this process exits. */
export function startServer() {
  const dir = mkdtempSync(join(tmpdir(), "diplo-e2e-"));
  const child = spawn(DIPLO, ["serve", "--addr", "127.0.0.1:0", "--db", `sqlite://${dir}/e2e.db`], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = () => {
    if (child.exitCode === null && !child.killed) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  process.on("exit", stop);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error("diplo serve printed no `listening on` line within 20 s"));
    }, 20000);
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ base: m[1], stop });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`diplo serve exited (${code}) before listening`));
    });
  });
}

/** Uncaught errors of any page under test; a scenario that leaves one here fails. */
export const pageErrors = [];

/** A page in a fresh browser context (its own storage: its own player). */
export async function newPage(browser, viewport = { width: 1280, height: 860 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on("pageerror", (e) => pageErrors.push(`${page.url()}: ${e.message}`));
  return page;
}

export function check(condition, message) {
  if (!condition) throw new Error(message);
}

export function sameSet(a, b) {
  const x = [...new Set(a)].sort();
  const y = [...new Set(b)].sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** A page's screen point of a board cell's centre. */
async function cellPoint(page, cell) {
  const point = await page.evaluate((name) => {
    const path = document.querySelector(`svg.board .cells [data-cell="${name}"]`);
    if (!path) return null;
    const svg = path.ownerSVGElement;
    const p = svg.createSVGPoint();
    p.x = Number(path.dataset.cx);
    p.y = Number(path.dataset.cy);
    const q = p.matrixTransform(svg.getScreenCTM());
    return { x: q.x, y: q.y };
  }, cell);
  check(point, `no cell ${cell} on the board`);
  return point;
}

export async function clickCell(page, cell) {
  const { x, y } = await cellPoint(page, cell);
  await page.mouse.click(x, y);
}

export async function dragCell(page, from, to) {
  const a = await cellPoint(page, from);
  const b = await cellPoint(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

/** The cells the board highlights as targets. */
export function targets(page) {
  return page.$$eval("svg.board .overlay-under [data-target]", (els) => els.map((e) => e.dataset.target));
}

export function waitFor(page, fn, arg, what) {
  return page.waitForFunction(fn, arg, { timeout: WAIT_MS }).catch(() => {
    throw new Error(`timed out waiting for ${what}`);
  });
}

/** The SAN texts of the move list. */
export function moveList(page) {
  return page.$$eval(".moves .mv[data-ply]", (els) => els.map((e) => e.textContent.trim()));
}

export async function waitMoves(page, n) {
  await waitFor(page, (k) => document.querySelectorAll(".moves .mv[data-ply]").length >= k, n, `${n} moves in the list`);
}

export async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

export const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };

/** The page on a phone-sized screen: the board fits its width, nothing scrolls sideways,
 *  and a game page stacks the opponent above the board and the player right below it.
 *  Keeps a full-page screenshot, then goes back to the desktop size. */
export async function phoneShot(page, name) {
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(200);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= PHONE.width + 2, `${name}: on a phone the page is ${width}px wide (scrolls sideways)`);
  const layout = await page.evaluate(() => {
    const box = (sel) => document.querySelector(sel)?.getBoundingClientRect();
    // The board's column ends below the board with the resolution's legend, if shown.
    const [board, column, top, bottom] = [box("svg.board"), box(".board-col"), box("#player-top"), box("#player-bottom")];
    return board && {
      board: [board.top, (column || board).bottom, board.width], top: top && top.bottom, bottom: bottom && bottom.top,
    };
  });
  if (layout) {
    const [boardTop, boardBottom, boardWidth] = layout.board;
    check(boardWidth > 300 && boardWidth <= PHONE.width, `${name}: on a phone the board is ${boardWidth}px wide`);
    if (layout.top !== undefined && layout.bottom !== undefined) {
      check(layout.top <= boardTop + 1 && layout.bottom >= boardBottom - 1 && layout.bottom - boardBottom < 40,
        `${name}: on a phone the players are not above and right below the board (${JSON.stringify(layout)})`);
    }
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(100);
}

/** `diplo moves` for a position: [{from, to, coordinate}]. */
export function cliMoves(game, position, options = {}) {
  const args = ["moves", "--game", game, "--position", position];
  for (const [k, v] of Object.entries(options)) args.push("--option", `${k}=${v}`);
  const out = execFileSync(DIPLO, args, { encoding: "utf8", timeout: 10000 });
  const cell = game === "diplomat-chess" ? "(?:[a-n][1-3]|4)" : "[a-h][1-8]";
  const re = new RegExp(`^(${cell})(${cell})`);
  return out.trim().split("\n").filter(Boolean).map((line) => {
    const coordinate = line.split(" ")[0];
    const m = coordinate.match(re);
    return m ? { from: m[1], to: m[2], coordinate } : { from: null, to: null, coordinate };
  });
}

export async function apiGet(base, path, token) {
  const r = await fetch(base + path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  check(r.ok, `GET ${path}: ${r.status}`);
  return r.json();
}

/** The game id of a game page. */
export function gameId(page) {
  return new URL(page.url()).pathname.split("/").pop();
}

/** Creates a game through the lobby: picks the game, opponent and colour, submits. */
export async function createInLobby(page, base, { game, opponent = "human", level = 1, color = "white", options = {}, time = "none", open = false }) {
  await page.goto(`${base}/`);
  await page.click(`[data-game="${game}"]`);
  for (const [k, v] of Object.entries(options)) await page.click(`input[name="opt-${k}"][value="${v}"] + span`);
  await page.click(`input[name="opponent"][value="${opponent === "human" ? "human" : "engine"}"] + span`);
  if (opponent !== "human") {
    await page.$eval("#level", (el, v) => {
      el.value = v;
      el.dispatchEvent(new Event("input"));
    }, String(level));
  }
  await page.click(`input[name="color"][value="${color}"] + span`);
  await page.click(`input[name="time"][value="${time}"] + span`);
  if (open) await page.check("#open");
  await page.click("#create");
  await page.waitForURL(/\/games\/[a-z0-9]+$/, { timeout: WAIT_MS });
  await page.waitForSelector("svg.board .cells [data-cell]", { timeout: WAIT_MS });
}

/** Opens the invite link the creator's page shows in a second browser context. */
export async function joinByInvite(creator, joiner) {
  await creator.waitForSelector("#invite-link", { timeout: WAIT_MS });
  const link = await creator.inputValue("#invite-link");
  check(/#invite=/.test(link), `the invite link ${link} carries no invite code`);
  await joiner.goto(link);
  await joiner.waitForSelector("svg.board .cells [data-cell]", { timeout: WAIT_MS });
  await waitFor(creator, () => !document.querySelector("#invite-link"), null, "the invitation to be taken");
}

/** Takes the free seat of an open game from the lobby's list of open invitations. */
export async function joinFromLobby(creator, joiner, base) {
  const id = gameId(creator);
  await joiner.goto(`${base}/`);
  await joiner.waitForSelector(`[data-join="${id}"]`, { timeout: WAIT_MS });
  await joiner.click(`[data-join="${id}"]`);
  await joiner.waitForURL((url) => url.pathname.endsWith(id), { timeout: WAIT_MS });
  await joiner.waitForSelector("svg.board .cells [data-cell]", { timeout: WAIT_MS });
  await waitFor(creator, () => document.querySelector(".status .big")?.textContent !== "Waiting for the opponent",
    null, "the open game to be taken");
}

/** Creates a game between two people through the API; returns {id, white, black} tokens. */
export async function twoPlayersByApi(base, body) {
  const post = async (path, data, token) => {
    const r = await fetch(base + path, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(data),
    });
    return r.json();
  };
  const created = await post("/api/games", { color: "white", opponent: "human", ...body });
  const joined = await post(`/api/games/${created.id}/join`, { invite: created.invite });
  check(created.token && joined.token, "the API game was not set up");
  return { id: created.id, white: created.token, black: joined.token, post };
}

/** A page in a fresh context that holds a player's seat, as the lobby would have stored it. */
export async function seatedPage(browser, base, id, token, color) {
  const page = await newPage(browser);
  await page.addInitScript(([gameId, seat]) => localStorage.setItem(`diplo.game.${gameId}`, seat),
    [id, JSON.stringify({ token, color })]);
  await page.goto(`${base}/games/${id}`);
  await page.waitForSelector("svg.board .cells [data-cell]", { timeout: WAIT_MS });
  return page;
}
