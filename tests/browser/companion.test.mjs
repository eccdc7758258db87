// The companion page in a real headless Chromium at phone size (390x844): a whole guild-mat
// game by tapping, with undo, quit and resume, whose transcript must equal `soloist run` with
// the same answers; a server with a token refuses a request without it. Screenshots go to
// SOLOIST_SCREENS (default build/browser-screens).
//   node tests/browser/companion.test.mjs /path/to/soloist
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const soloist = process.argv[2];
if (!soloist) throw new Error("usage: node companion.test.mjs /path/to/soloist");
const screens = process.env.SOLOIST_SCREENS || "build/browser-screens";
mkdirSync(screens, { recursive: true });
const data = mkdtempSync(join(tmpdir(), "soloist-browser-"));
const env = { ...process.env, XDG_DATA_HOME: data };
let failures = 0;
const check = (ok, what) => {
  if (!ok) { failures++; console.log("FAIL " + what); } else console.log("ok   " + what);
};

// Starts `soloist serve` and resolves with its address once it prints it.
function serve(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(soloist, ["serve", "--port", "0", ...args], { env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/open (http:\/\/\S+)/);
      if (m) resolve({ child, url: m[1] });
    });
    child.on("exit", (code) => reject(new Error("soloist serve exited with " + code + ": " + out)));
  });
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox"] });
const { child, url } = await serve([]);
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector("form[data-bot=guild-mat]");
  await page.screenshot({ path: join(screens, "lobby.png") });
  check((await page.locator("form[data-bot=guild-mat] select, form[data-bot=guild-mat] input").count()) >= 3,
    "the lobby shows guild-mat's options as a form");
  // The form: rounds 4 (a number field), seed 23.
  const form = page.locator("form[data-bot=guild-mat]");
  await form.locator("summary").tap();
  await form.locator("input[name=rounds]").fill("4");
  await form.locator("input[name=seed]").fill("23");
  await form.locator("button[type=submit]").tap();
  await page.waitForSelector("#question .prompt");
  check((await page.title()) === "Soloist" && (await page.locator("#title").textContent()).includes("seed 23"), "the game starts with seed 23");

  const answers = [];
  // Taps the first answer the question offers (or its lowest number); returns false at the end.
  async function tapFirst() {
    const buttons = page.locator("#question [data-answer]");
    if (await buttons.count()) {
      const value = await buttons.first().getAttribute("data-answer");
      const before = await page.locator("#log li").count();
      await buttons.first().tap();
      await page.waitForFunction((n) => document.querySelectorAll("#log li").length > n, before);
      answers.push(value);
      return true;
    }
    if (await page.locator("#question .pad").count()) {
      const range = await page.locator("#question .pad output").getAttribute("data-range");
      const min = range.split(" ")[0];
      for (const digit of min) await page.locator(`#question [data-key="${digit === "-" ? "−" : digit}"]`).tap();
      const before = await page.locator("#log li").count();
      await page.locator('#question [data-key="ok"]').tap();
      await page.waitForFunction((n) => document.querySelectorAll("#log li").length > n, before);
      answers.push(min);
      return true;
    }
    return false;
  }

  for (let i = 0; i < 3; i++) await tapFirst();
  await page.screenshot({ path: join(screens, "game.png") });
  // Dark mode, as the phone asks.
  await page.emulateMedia({ colorScheme: "dark" });
  const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  check(dark !== "rgb(247, 245, 240)", "dark mode follows the device (" + dark + ")");
  await page.screenshot({ path: join(screens, "game-dark.png") });
  await page.emulateMedia({ colorScheme: "light" });
  // Why and Show add to the log.
  await page.locator("#why").tap();
  await page.waitForSelector("#log li.why");
  await page.locator("#show").tap();
  await page.waitForSelector("#log li.show");
  check(await page.locator("#log li.show dl dt").count() > 0, "show lists the bot's state");
  // Undo takes back the last answer.
  await page.locator("#undo").tap();
  await page.waitForSelector("#log li:has-text('Undone')");
  answers.pop();
  check((await page.locator("#log li:has-text('Undone')").count()) === 1, "undo says where the game is back at");
  // Quit, then resume from the saved games.
  await page.locator("#home").tap();
  await page.waitForSelector("#saved li[data-game] button");
  await page.screenshot({ path: join(screens, "saved.png") });
  await page.locator("#saved li[data-game] button").first().tap();
  await page.waitForSelector("#question .prompt");
  check((await page.locator("#log li.recap, #log li.show").count()) > 0, "a resumed game shows where it stands");
  // Play to the end by tapping.
  let taps = 0;
  while (taps < 500 && await tapFirst()) taps++;
  await page.waitForSelector("#log li.end");
  await page.screenshot({ path: join(screens, "end.png"), fullPage: false });
  check((await page.locator("#log li.end").textContent()).includes("The game is over"), "the game ends on the page");
  check(pageErrors.length === 0, "no script errors in the page: " + pageErrors.join("; "));

  // The journal the page wrote replays to the transcript `soloist run` makes from the same answers.
  const saved = (await (await fetch(url + "api/games")).json()).saved;
  const journal = join(data, "soloist", saved[0].id + ".journal");
  const answersFile = join(data, "answers.yaml");
  writeFileSync(answersFile, answers.map((a) => "- " + JSON.stringify(a)).join("\n") + "\n");
  const replayed = execFileSync(soloist, ["replay", journal], { env }).toString();
  const run = execFileSync(soloist, ["run", "guild-mat", "--seed", "23", "--option", "rounds=4", "--answers", answersFile], { env }).toString();
  check(replayed === run && run.length > 0, `the page's game (${answers.length} answers) has soloist run's transcript, byte for byte`);
} finally {
  child.kill("SIGTERM");
}

// Zenodotus with a human seat: its board is a table on the page, walls and all.
{
  const { child: z, url: zurl } = await serve([]);
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await page.goto(zurl);
    const form = page.locator("form[data-bot=zenodotus]");
    await form.waitFor();
    await form.locator("summary").tap();
    await form.locator("input[name=seats]").fill("human,greedy");
    await form.locator("input[name=seed]").fill("4");
    await form.locator("button[type=submit]").tap();
    await page.waitForSelector("#log table.grid");
    const cells = await page.locator("#log table.grid").first().locator("tbody td").count();
    const walls = await page.locator("#log table.grid").first().locator("td.wall-right, td.wall-below").count();
    check(cells >= 36 && walls > 0, `zenodotus shows its board as a table (${cells} squares, ${walls} with walls)`);
    check((await page.locator("#log table.grid").first().locator("thead th").count()) > 0, "the board's columns have headings");
    await page.locator("#log table.grid").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screens, "zenodotus-board.png") });
  } finally {
    z.kill("SIGTERM");
  }
}

// Beyond this machine: a token in the address; without it, refused.
const guarded = await serve(["--listen", "127.0.0.2"]);
try {
  check(guarded.url.includes("?token="), "listening beyond 127.0.0.1 prints an address with a token");
  const bare = guarded.url.replace(/\?token=.*/, "");
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const refused = await page.goto(bare + "api/bots");
  check(refused.status() === 401, "a request without the token is refused (401)");
  await page.goto(guarded.url);
  await page.waitForSelector("form[data-bot=guild-mat]");
  check(true, "the page opened with the token lists the bots");
} finally {
  guarded.child.kill("SIGTERM");
}

await browser.close();
rmSync(data, { recursive: true, force: true });
console.log(failures ? `${failures} browser check(s) failed` : "browser: all checks passed");
process.exit(failures ? 1 : 0);
