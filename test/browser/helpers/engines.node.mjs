// The three browser engines of the browser tests (Node side; web-test-runner.config.mjs uses it):
// finding each engine, launching it in a light and a dark colour scheme, the WebKit driver and
// its X display, and the server commands behind test/browser/helpers/ (keys, colour scheme).
//
//   chromium  Chrome or Chromium through puppeteer-core (CDP). CHROME_PATH, Debian's
//             /usr/bin/chromium, or chrome-launcher's own search.
//   firefox   Firefox through puppeteer-core in WebDriver BiDi mode (Debian has no geckodriver).
//             FIREFOX_PATH, /usr/bin/firefox-esr or /usr/bin/firefox.
//   webkit    WebKitGTK's MiniBrowser through WebKitWebDriver (the WebDriver classic protocol),
//             on an Xvfb display: MiniBrowser has no headless mode.
//
// Chromium switches prefers-color-scheme at run time (CDP). Firefox and WebKit take it only at
// launch (Firefox's preference layout.css.prefers-color-scheme.content-override, MiniBrowser's
// --dark-mode), so each of them has a second, dark browser that runs only the tests written
// with itInColorScheme('dark', …) (test/browser/helpers/scheme.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { chromeLauncher } from '@web/test-runner-chrome';
import { webdriverLauncher } from '@web/test-runner-webdriver';
import { Launcher as ChromeFinder } from 'chrome-launcher';
import * as puppeteerCore from 'puppeteer-core';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

/** How a newcomer installs each engine (Debian/Ubuntu package names; CI installs the same). */
export const INSTALL = {
  chromium: 'install Chrome or Chromium (Debian: apt-get install chromium) or set CHROME_PATH',
  firefox: 'install Firefox (Debian: apt-get install firefox-esr) or set FIREFOX_PATH',
  webkit:
    "install WebKitGTK's driver and an X server (Debian: apt-get install webkit2gtk-driver xvfb)",
};

const which = (cmd) => {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
};

function findChrome() {
  if (process.env.CHROME_PATH)
    return existsSync(process.env.CHROME_PATH) ? process.env.CHROME_PATH : '';
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    return ChromeFinder.getFirstInstallation() ?? '';
  } catch {
    return '';
  }
}

function findFirefox() {
  if (process.env.FIREFOX_PATH)
    return existsSync(process.env.FIREFOX_PATH) ? process.env.FIREFOX_PATH : '';
  return (
    ['/usr/bin/firefox-esr', '/usr/bin/firefox'].find((p) => existsSync(p)) ??
    (which('firefox-esr') || which('firefox'))
  );
}

function findWebKit() {
  const driver = which('WebKitWebDriver');
  const libs = [
    '/usr/lib/x86_64-linux-gnu',
    '/usr/lib/aarch64-linux-gnu',
    '/usr/lib64',
    '/usr/lib',
  ];
  let browser = process.env.MINIBROWSER_PATH ?? '';
  for (const lib of libs) {
    if (browser) break;
    for (const dir of ['webkit2gtk-4.1', 'webkit2gtk-4.0', 'webkitgtk-6.0']) {
      if (existsSync(`${lib}/${dir}/MiniBrowser`)) {
        browser = `${lib}/${dir}/MiniBrowser`;
        break;
      }
    }
  }
  const xvfb = which('Xvfb');
  if (!driver || !browser || (!xvfb && !process.env.DISPLAY)) return null;
  return { driver, browser, xvfb };
}

/** Every engine found on this machine: { chromium: path, firefox: path, webkit: {…} } (missing ones absent). */
export function findEngines() {
  const found = {};
  const chrome = findChrome();
  if (chrome) found.chromium = chrome;
  const firefox = findFirefox();
  if (firefox) found.firefox = firefox;
  const webkit = findWebKit();
  if (webkit) found.webkit = webkit;
  return found;
}

/** Test files that hold colour-scheme tests: they run again in the dark Firefox and WebKit. */
export function schemeFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f))
    .filter((f) => /\bitInColorScheme\(/.test(readFileSync(f, 'utf8')));
}

// ---------------------------------------------------------------------------------------------
// Processes the set-up starts (Xvfb, WebKitWebDriver): stopped by their pid when wtr stops.

const started = [];
function stopAll() {
  while (started.length) {
    const child = started.pop();
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  }
}
process.once('exit', stopAll);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(sig, () => {
    stopAll();
    // wtr's own handler (if any) closes the browsers and exits; else end as the signal would
    if (process.listenerCount(sig) === 0) process.kill(process.pid, sig);
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Xvfb on the first free display (-displayfd), with a screen of `screen` pixels; resolves ':N'. */
function startXvfb(xvfb, screen = '1280x1024') {
  return new Promise((resolve, reject) => {
    const child = spawn(
      xvfb,
      ['-displayfd', '3', '-screen', '0', `${screen}x24`, '-nolisten', 'tcp'],
      {
        stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      },
    );
    started.push(child);
    let out = '';
    let err = '';
    const timer = setTimeout(
      () => reject(new Error(`Xvfb did not start within 10 s: ${err}`)),
      10000,
    );
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.stdio[3].on('data', (d) => {
      out += d;
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${out.trim()}`);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}): ${err}`));
    });
  });
}

async function startWebKitDriver(driver, display) {
  const port = await freePort();
  const child = spawn(driver, ['--host=127.0.0.1', `--port=${port}`], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: display },
  });
  started.push(child);
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/status`);
      if (r.ok) return port;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('WebKitWebDriver did not answer within 10 s');
}

// ---------------------------------------------------------------------------------------------
// Launchers

/** Chromium headless, with nothing that reaches for the network this machine does not have (bench/browser.ts uses them too). */
export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

function named(launcher, name, engine) {
  launcher.immoEngine = engine;
  const init = launcher.initialize.bind(launcher);
  launcher.initialize = async (...args) => {
    await init(...args);
    launcher.name = name;
  };
  launcher.name = name;
  return launcher;
}

export function chromium(executablePath) {
  // Classic scrollbars that take space, as desktop Chrome on Windows and Linux has (puppeteer
  // hides them by default): layouts must hold beside them.
  return named(
    chromeLauncher({
      launchOptions: {
        executablePath,
        headless: true,
        args: CHROME_ARGS,
        ignoreDefaultArgs: ['--hide-scrollbars'],
      },
    }),
    'Chromium',
    'chromium',
  );
}

export function firefox(executablePath, scheme) {
  return named(
    chromeLauncher({
      puppeteer: puppeteerCore.default ?? puppeteerCore,
      launchOptions: {
        browser: 'firefox',
        executablePath,
        headless: true,
        extraPrefsFirefox: {
          // 0 dark, 1 light: what prefers-color-scheme reports to pages
          'layout.css.prefers-color-scheme.content-override': scheme === 'dark' ? 0 : 1,
          // classic scrollbars that take space, as on Windows and in Firefox's default on Linux
          'widget.gtk.overlay-scrollbars.enabled': false,
        },
      },
    }),
    scheme === 'dark' ? 'Firefox (dark)' : 'Firefox',
    'firefox',
  );
}

/**
 * MiniBrowser through WebKitWebDriver. The driver and the X display start when the launcher
 * is first used (so a run that does not reach WebKit never starts them) and stop with wtr.
 * `size`: the viewport of the session ({ width, height }, default 800 × 600). WebKitGTK's driver
 * cannot resize a running session's window, so a test that needs another width (layout.test.ts
 * at 390 and 1280 px) gets a session of its own: MiniBrowser full-screen on an X screen of that
 * size (a window cannot be made narrower than its toolbar, 447 px, but the full-screen page
 * takes the screen's width). The 'immo-session-size' command tells a test page which size its
 * session was made for.
 */
export function webkit({ driver, browser, xvfb }, scheme, size) {
  const args = ['--automation'];
  if (scheme === 'dark') args.push('--dark-mode');
  const screen = size && xvfb ? `${size.width}x${size.height}` : undefined;
  if (screen) args.push('--full-screen');
  const launcher = webdriverLauncher({
    automationProtocol: 'webdriver',
    hostname: '127.0.0.1',
    port: 4444, // replaced once the driver runs
    capabilities: {
      browserName: 'MiniBrowser',
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: browser, args },
    },
  });
  const start = launcher.startSession.bind(launcher);
  let ready;
  let sized;
  launcher.startSession = async (id, url) => {
    ready ??= (async () => {
      const display = xvfb ? await startXvfb(xvfb, screen) : process.env.DISPLAY;
      launcher.options.port = await startWebKitDriver(driver, display);
    })();
    await ready;
    // the session's viewport (by default the headless browsers' 800 × 600), set once before the
    // first test page (a full-screen window without a window manager takes the screen's size
    // only once it is given a size)
    sized ??= (async () => {
      const { width, height } = size ?? { width: 800, height: 600 };
      await launcher.ensureManagerInitialized();
      await launcher.driver.setWindowRect(0, 0, width, height);
      const [w, h] = await launcher.driver.execute('return [innerWidth, innerHeight]');
      await launcher.driver.setWindowRect(0, 0, width + (width - w), height + (height - h));
    })();
    await sized;
    return start(id, url);
  };
  launcher.immoSize = size ?? null;
  return named(
    launcher,
    `${scheme === 'dark' ? 'WebKit (dark)' : 'WebKit'}${size ? ` ${size.width}` : ''}`,
    'webkit',
  );
}

// ---------------------------------------------------------------------------------------------
// Server commands behind test/browser/helpers/

/** WebDriver's code points for the named keys the tests use (W3C WebDriver, "keyboard actions"). */
const WD_KEYS = {
  Backspace: '\uE003',
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Escape: '\uE00C',
  Space: ' ',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Delete: '\uE017',
  Meta: '\uE03D',
};

const wdKey = (k) => {
  if (WD_KEYS[k] !== undefined) return WD_KEYS[k];
  if ([...k].length === 1) return k;
  throw new Error(`key ${k} is not known to the WebDriver key map in engines.node.mjs`);
};

/** Puppeteer knows 'Space' in Chromium but not in Firefox; ' ' works in both. */
const pupKey = (k) => (k === 'Space' ? ' ' : k);

async function keysPuppeteer(page, { keys, type }) {
  if (type !== undefined) {
    await page.keyboard.type(type);
    return;
  }
  const mods = keys.slice(0, -1);
  const key = keys[keys.length - 1];
  for (const m of mods) await page.keyboard.down(m);
  await page.keyboard.press(pupKey(key));
  for (const m of mods.reverse()) await page.keyboard.up(m);
}

async function keysWebDriver(driver, { keys, type }) {
  // One action sequence per key: WebKitGTK's driver drops a key that repeats the one before it
  // within one sequence ('Xyzzy' arrives as 'Xyzy').
  const send = async (actions) => {
    await driver.performActions([{ type: 'key', id: 'keyboard', actions }]);
    await driver.releaseActions();
  };
  if (type !== undefined) {
    for (const ch of type)
      await send([
        { type: 'keyDown', value: wdKey(ch) },
        { type: 'keyUp', value: wdKey(ch) },
      ]);
    return;
  }
  const codes = keys.map(wdKey);
  await send([
    ...codes.map((value) => ({ type: 'keyDown', value })),
    ...codes.reverse().map((value) => ({ type: 'keyUp', value })),
  ]);
}

/**
 * 'immo-keys' { keys: ['Alt', 'ArrowDown'] } presses the last key while holding the others;
 * { type: 'text' } types text one key at a time. 'immo-viewport' { width, height } sizes the
 * page's viewport (puppeteer's setViewport; WebDriver's window, corrected by what the page
 * measures — WebKitGTK's driver ignores it once the session runs, see layout.test.ts). 'immo-color-scheme' { scheme } switches
 * prefers-color-scheme where the engine can at run time (answers false where it cannot).
 */
export function enginePlugin() {
  return {
    name: 'immo-engines',
    async executeCommand({ command, payload, session }) {
      if (command === 'immo-keys') {
        if (session.browser.type === 'webdriver')
          await keysWebDriver(session.browser.driver, payload);
        else await keysPuppeteer(session.browser.getPage(session.id), payload);
        return true;
      }
      if (command === 'immo-viewport') {
        const { width, height } = payload;
        if (session.browser.type === 'webdriver') {
          // the window's outer size is what WebDriver sets: correct it by what the page measures
          const d = session.browser.driver;
          await d.setWindowRect(0, 0, width, height);
          const [w, h] = await d.execute('return [innerWidth, innerHeight]');
          if (w !== width || h !== height)
            await d.setWindowRect(0, 0, width + (width - w), height + (height - h));
        } else {
          await session.browser.getPage(session.id).setViewport({ width, height });
        }
        return true;
      }
      if (command === 'immo-ax-node') {
        // Chromium's own accessibility node of the element the page put in globalThis.__immoAxNode
        // (CDP Accessibility.getPartialAXTree: through shadow roots, every property it computes).
        if (session.browser.immoEngine !== 'chromium') return null;
        const page = session.browser.getPage(session.id);
        const cdp = await page.createCDPSession();
        try {
          const { result } = await cdp.send('Runtime.evaluate', {
            expression: 'globalThis.__immoAxNode',
          });
          if (!result.objectId) return null;
          const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
            objectId: result.objectId,
            fetchRelatives: false,
          });
          const n = nodes.find((x) => !x.ignored) ?? nodes[0];
          if (!n) return null;
          const props = Object.fromEntries(
            (n.properties ?? []).map((p) => [p.name, p.value.value]),
          );
          return {
            ignored: !!n.ignored,
            role: n.role?.value ?? '',
            name: n.name?.value ?? '',
            description: n.description?.value ?? '',
            level: props.level,
            invalid: props.invalid,
            required: props.required,
            expanded: props.expanded,
          };
        } finally {
          await cdp.detach();
        }
      }
      if (command === 'immo-session-size') {
        // Only a WebKit session is made for one size (see webkit()); elsewhere the page resizes itself.
        return session.browser.immoSize ?? null;
      }
      if (command === 'immo-color-scheme') {
        if (session.browser.immoEngine !== 'chromium') return false;
        const page = session.browser.getPage(session.id);
        await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: payload.scheme }]);
        return true;
      }
      return undefined;
    },
  };
}
