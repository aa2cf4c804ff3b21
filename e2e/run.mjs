// diplo's end-to-end tests: the web page in headless Chromium against a real `diplo serve`.
// Build first (`cargo build -p diplo`); this script builds nothing. It starts the server on
// a free port with a fresh SQLite file, runs every scenario with bounded waits, keeps
// screenshots in e2e/artifacts/, and exits non-zero if any scenario fails.
//
//   node e2e/run.mjs [scenario-name-substring]

import { chromium } from "playwright-core";
import { existsSync } from "node:fs";
import { check, clickCell, DIPLO, newPage, pageErrors, shot, startServer, waitFor } from "./helpers.mjs";
import { againstEngine, checkShown, promotion, sequentialPair } from "./sequential.mjs";
import { retreat, simultaneousAgainstEngine, simultaneousPair } from "./simultaneous.mjs";
import { historySteps, progressiveCount, savedAtDeadline, supportsOnTheBoard } from "./saved.mjs";

const baseOf = (page) => new URL(page.url()).origin;
const gameOf = (page) => new URL(page.url()).pathname.split("/").pop();

const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const TOTAL_MS = 10 * 60 * 1000;

const failedMarks = (kind) => async (a, b) => {
  for (const p of [a, b]) {
    const n = await p.$$eval(kind, (els) => els.length);
    check(n > 0, `no ${kind} drawn on the resolved turn`);
  }
};

async function analysisBoard(browser, base) {
  const page = await newPage(browser);
  await page.goto(`${base}/analysis.html?game=diplomat-chess`);
  await page.waitForSelector("svg.board .cells [data-cell]");
  await clickCell(page, "d2");
  await clickCell(page, "d3");
  await waitFor(page, () => document.querySelectorAll(".moves .mv[data-ply]").length === 1, null, "the analysis board's move");
  await page.click("#analyse");
  await waitFor(page, () => document.querySelector("[data-pv]")?.textContent.trim().length > 0, null, "the engine's line");
  await waitFor(page, () => document.querySelectorAll("svg.board .overlay .arrow-engine").length > 0, null, "the engine's arrow");
  await shot(page, "analysis-diplomat-chess");
  await page.goto(`${base}/analysis.html?game=diplochess`);
  await page.waitForSelector("svg.board .cells [data-cell]");
  await page.click("#analyse");
  await waitFor(page, () => document.querySelectorAll("[data-strategy] tr").length > 0, null, "the engine's strategy");
  await shot(page, "analysis-diplochess");
  await page.context().close();
}

const SCENARIOS = [
  ["diplomat-chess: two players", (b, base) => sequentialPair(b, base, "diplomat-chess", 10)],
  ["diplomatic-chess: two players", (b, base) => sequentialPair(b, base, "diplomatic-chess", 8)],
  ["diplomacy-chess: two players (an open invitation), saved then ready orders", (b, base) => simultaneousPair(b, base, "diplomacy-chess", [
    { white: [{ from: "e2", to: "e4" }], black: [{ from: "d7", to: "d5" }] },
    { white: [{ from: "e4", to: "d5" }], black: [{ from: "d5", to: "e4" }] },
  ], [null, failedMarks("svg.board .overlay .arrow-fail")], { open: true })],
  ["diplomacy-chess progressive: two entries, a refused typed entry, a conditional entry", (b, base) => simultaneousPair(b, base, "diplomacy-chess", [
    { white: [{ from: "e2", to: "e4" }], black: [{ from: "e7", to: "e5" }] },
    {
      // Entry 1 on the board, an unreadable entry refused at once, entry 2 from the form.
      white: [{ from: "g1", to: "f3" }, { refused: "zz9" }, { conditional: ["~e5", "Nc3", "Na3"] }],
      whiteCheck: progressiveCount,
      black: [{ from: "b8", to: "c6" }, { from: "g8", to: "f6" }],
    },
  ], [null, async (a, b) => {
    // The conditional entry took its second branch (e5 is occupied): Na3, drawn b1 to a3.
    for (const p of [a, b]) {
      const n = await p.$$eval('svg.board .overlay [data-arrow="b1-a3"].arrow-ok', (els) => els.length);
      check(n === 1, "the conditional entry's move b1-a3 is not drawn as executed");
      const listed = await p.$$eval("[data-explanation] li", (els) => els.map((e) => e.textContent.replace(/\s+/g, " ").trim()));
      check(listed.some((t) => /^2\. ?Na3 moved to a3/.test(t)), `the list does not show Na3 as step 2: ${listed.join(" | ")}`);
    }
  }], { options: { mode: "progressive" } })],
  ["diplochess: two players, saved orders, a support piece by piece", (b, base) => simultaneousPair(b, base, "diplochess", [
    {
      white: [{ from: "d2", to: "d4" }, { from: "g1", button: "H$" }, { from: "d1", support: "d2", to: "d4" }],
      whiteCheck: supportsOnTheBoard,
      black: [{ from: "e7", to: "e5" }, { from: "b8", button: "H$" }],
    },
    { white: [{ from: "d4", to: "e5" }], black: [{ from: "e5", button: "H$" }] },
  ], [null, async (a, b) => {
    await failedMarks('svg.board .overlay [data-mark="bounce"]')(a, b);
    await historySteps(baseOf(a), gameOf(a), a);
  }], { time: "300" })],
  ["diplochess: a retreat", retreat],
  ["diplochess: saved orders used at a short deadline, kept over a reload", savedAtDeadline],
  ["diplomat-chess: against the engine, and on a phone", againstEngine],
  ["diplochess: against the engine", simultaneousAgainstEngine],
  ["diplomatic-chess: a promotion's chooser", promotion],
  ["diplomat-chess: a check, and the board flipped", checkShown],
  ["analysis board", analysisBoard],
];

async function main() {
  check(existsSync(DIPLO), `${DIPLO} is missing: run \`cargo build -p diplo\` first`);
  check(existsSync(CHROMIUM), `${CHROMIUM} is missing: install the Debian package chromium`);
  const only = process.argv[2];
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
  let failures = 0;
  try {
    for (const [name, run] of SCENARIOS) {
      if (only && !name.includes(only)) continue;
      const started = Date.now();
      try {
        await run(browser, server.base);
        const errors = pageErrors.splice(0);
        check(errors.length === 0, `errors in the page: ${errors.join("; ")}`);
        console.log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } catch (e) {
        pageErrors.splice(0);
        failures++;
        console.log(`FAIL ${name}: ${e.message}`);
      }
    }
  } finally {
    await browser.close().catch(() => {});
    server.stop();
  }
  console.log(failures ? `${failures} scenario(s) failed` : "all scenarios passed");
  process.exit(failures ? 1 : 0);
}

const watchdog = setTimeout(() => {
  console.log(`FAIL the e2e run took longer than ${TOTAL_MS / 1000} s`);
  process.exit(1);
}, TOTAL_MS);
watchdog.unref();

main().catch((e) => {
  console.log(`FAIL ${e.message}`);
  process.exit(1);
});
