// soloist report's page in a real headless Chromium: a sweep of zotikos' difficulty with a
// house rule compared, and a bot whose games fail. The test reads each plot's title and counts
// its points against what the results file holds (counted here, not taken from the page), and
// checks the tables and the page's own errors. Screenshots go to SOLOIST_SCREENS.
//   node tests/browser/report.test.mjs /path/to/soloist
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const soloist = process.argv[2];
if (!soloist) throw new Error("usage: node report.test.mjs /path/to/soloist");
const screens = process.env.SOLOIST_SCREENS || "build/browser-screens";
mkdirSync(screens, { recursive: true });
const work = mkdtempSync(join(tmpdir(), "soloist-report-"));
let failures = 0;
const check = (ok, what) => {
  if (!ok) { failures++; console.log("FAIL " + what); } else console.log("ok   " + what);
};

// What a results file holds, counted from its records.
function tallies(file) {
  const lines = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l));
  const header = lines[0], records = lines.slice(1);
  const cells = header.cells.map(() => ({ ended: 0, errors: 0, results: new Map(), scores: new Set(), rounds: new Set() }));
  const results = new Set(), scores = new Set();
  for (const r of records) {
    const c = cells[r.cell - 1];
    if (r.error !== undefined) { c.errors++; continue; }
    c.ended++;
    c.results.set(r.result, (c.results.get(r.result) || 0) + 1);
    results.add(r.result);
    for (const [k, v] of Object.entries(r.scores)) if (typeof v === "number") { scores.add(k); c.scores.add(k); }
    if (typeof r.rounds === "number") c.rounds.add(r.rounds);
  }
  return { header, cells, results: [...results].sort(), scores: [...scores].sort() };
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  // ---- a sweep: four difficulties ----------------------------------------------------------
  const results = join(work, "zotikos.jsonl"), html = join(work, "zotikos.html");
  execFileSync(soloist, ["sim", "zotikos", "--games", "300", "--option",
    "difficulty=apprentice-scribe,chief-librarian,keeper,river-of-wisdom", "--results", results], { stdio: "ignore" });
  execFileSync(soloist, ["report", results, "-o", html]);
  const t = tallies(results);
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  page.on("request", (r) => { if (!r.url().startsWith("file:")) pageErrors.push("fetched " + r.url()); });
  await page.goto(pathToFileURL(html).href);
  await page.waitForSelector("figure.plot");
  const plots = await page.$$eval("figure.plot", (fs) => fs.map((f) => ({
    title: f.querySelector("figcaption").textContent,
    points: f.querySelectorAll("circle.point").length,
    width: f.querySelector("svg").getBoundingClientRect().width,
  })));
  const byTitle = new Map(plots.map((p) => [p.title, p]));
  const n = t.cells.length;
  const want = [
    ["Results per cell (share of games, 95% intervals)", n * t.results.length],
    ["Results against cell 1 (percentage points, 95% intervals)", (n - 1) * t.results.length],
    ["Scores against cell 1 (points, 95% intervals)", (n - 1) * t.scores.length],
  ];
  for (const [title, points] of want) {
    const p = byTitle.get(title);
    check(p && p.points === points, `plot "${title}": ${points} points (${p ? p.points : "no such plot"})`);
  }
  for (const s of t.scores) {
    const p = byTitle.get("Score distribution: " + s);
    check(p && p.points > 0 && p.points % n === 0, `plot "Score distribution: ${s}": a point a value or bin in each of ${n} cells (${p && p.points})`);
  }
  const q = byTitle.get("Questions a game");
  check(q && q.points > 0 && q.points % n === 0, "plot \"Questions a game\": a point a value or bin in each cell");
  // Zotikós's ends say the generations played: every game of a cell lasted the same number.
  const lengths = new Set(t.cells.flatMap((c) => [...c.rounds]));
  const rp = byTitle.get("Rounds a game");
  check(lengths.size > 0 && rp && rp.points === n * lengths.size,
    `plot "Rounds a game": a point a length in each of ${n} cells (${lengths.size} lengths; ${rp ? rp.points : "no such plot"})`);
  check(plots.every((p) => p.width > 300), "every plot is drawn at a readable width");
  // The table: a row a cell, with its label and result shares as counted here.
  const rows = await page.$$eval("table.cells tbody tr", (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  check(rows.length === n, "a table row a cell");
  const winAt = 3 + t.results.indexOf("win");
  t.cells.forEach((c, i) => {
    const share = (100 * (c.results.get("win") || 0) / c.ended).toFixed(1) + "%";
    check(rows[i][0] === `${i + 1}. ${t.header.cells[i].label}` && rows[i][winAt].startsWith(share),
      `cell ${i + 1}: ${t.header.cells[i].label}, win ${share} (${rows[i][0]}, ${rows[i][winAt]})`);
  });
  // The circles' own titles say what they show.
  const tip = await page.$eval("figure.plot[data-plot=results] circle.point title", (e) => e.textContent);
  check(/^cell 1: (loss|win): \d+\.\d% \(95% interval \d+\.\d% to \d+\.\d%\)$/.test(tip), "a point's title: " + tip);
  check((await page.textContent("p.errors-none")).includes("No game stopped"), "no errors, said so");
  await page.screenshot({ path: join(screens, "report.png"), fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: join(screens, "report-dark.png") });
  check(pageErrors.length === 0, "no script errors and nothing fetched: " + pageErrors.join("; "));

  // ---- one cell, with failed games ---------------------------------------------------------
  const bots = join(work, "bots", "flaky");
  mkdirSync(bots, { recursive: true });
  writeFileSync(join(bots, "bot.yaml"), "id: flaky\nname: Flaky\ngame: a test\nversion: 1.0.0\n" +
    "description: fails when five answers are yes\nentry: main.lua\n");
  writeFileSync(join(bots, "main.lua"), 'local n = 0\nfor i = 1, 6 do if ui.confirm("Yes " .. i .. "?") then n = n + 1 end end\n' +
    'if n >= 5 then error("five or more yes") end\nreturn { result = "done", scores = { yes = n } }\n');
  const flaky = join(work, "flaky.jsonl"), flakyHtml = join(work, "flaky.html");
  const sim = spawnSync(soloist, ["--bots", join(work, "bots"), "sim", "flaky", "--games", "64", "--results", flaky]);
  check(sim.status === 1, "the flaky run reports its failed games");
  execFileSync(soloist, ["report", flaky, "-o", flakyHtml]);
  const f = tallies(flaky);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(pathToFileURL(flakyHtml).href);
  await page.waitForSelector("table.errors");
  const errorRows = await page.$$eval("table.errors tbody tr", (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  check(errorRows.length === f.cells[0].errors && errorRows.length > 0, `an error row a failed game (${errorRows.length})`);
  check(errorRows.every((r) => r[1].endsWith("five or more yes") && r[2].includes("--games 1 --seed " + r[0])),
    "each row: the seed, the error and the command that plays it again");
  const single = await page.$$eval("figure.plot", (fs) => fs.map((x) => [x.querySelector("figcaption").textContent, x.querySelectorAll("circle.point").length]));
  check(single.some(([title, points]) => title === "Results (share of games, 95% intervals)" && points === 1),
    "one cell: one result, one point");
  check(!single.some(([title]) => title.includes("against cell 1")), "one cell: no comparison");
  await page.screenshot({ path: join(screens, "report-errors.png"), fullPage: true });
  check(pageErrors.length === 0, "no script errors: " + pageErrors.join("; "));
} finally {
  await browser.close();
}
process.exit(failures ? 1 : 0);
