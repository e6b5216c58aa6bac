// A lab in an author's page (issue 42): laid out by its own column, the
// host's styles kept out of a script mount, the host's theme followed, the
// builder's iframe snippet working under a strict CSP, several frames sized
// apart, and a reveal.js deck (npm reveal.js) keeping a frame in its slide.
// The host pages are on another origin than the lab, which is served with
// CORS as docs/authors.md asks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, cp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, launch, open, ROOT } from './harness.mjs';

let lab, host, hostDir, browser;
before(async () => {
  lab = await serve(undefined, '/', { cors: true });
  hostDir = await mkdtemp(join(tmpdir(), 'retry-lab-hosts-'));
  host = await serve(hostDir);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await lab?.close();
  await host?.close();
});

/** A page of the host's, on its origin. */
async function hostPage(name, body, options = {}) {
  await writeFile(
    join(hostDir, name),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title><link rel="icon" href="data:,">${options.head ?? ''}</head><body>${body}</body></html>`,
  );
  return open(browser, `${host.base}${name}`, { viewport: { width: 1280, height: 900 }, ...options });
}

const mountScript = () => `<script type="module" src="${lab.base}embed.js"></script>`;
const frameScript = () => `<script src="${lab.base}retry-lab-frame.js"></script>`;
// As the builder writes a script mount: compact (`data-embed`), like its iframe.
const STORM = 'data-experiment="storm" data-embed="1" data-lang="en" data-seed="7"';
const stormFrame = (extra = '') =>
  `<iframe data-retry-lab-frame title="storm" src="${lab.base}lesson-003/?embed=1&only=storm&lang=en&seed=7${extra}" width="100%" height="720" sandbox="allow-scripts allow-same-origin"></iframe>`;

/** The width of the figure (`.hero`) in a script mount and in an iframe, each column's. */
async function heroWidths(page, count) {
  const widths = [];
  for (let i = 0; i < count; i += 1) {
    const column = page.locator('section.column').nth(i);
    const mounted = column.locator('[data-retry-lab] .hero');
    const framed = column.frameLocator('iframe').locator('.hero');
    // Chromium does not render a cross-origin frame out of view (no layout, no
    // ResizeObserver): a learner scrolls to it, and so does this.
    await column.locator('iframe').scrollIntoViewIfNeeded();
    await mounted.waitFor();
    await framed.waitFor();
    widths.push({ mounted: (await mounted.boundingBox()).width, framed: (await framed.boundingBox()).width });
  }
  return widths;
}

test('a mounted lab lays itself out by its column, as an iframe of that width does (360, 700, 1,100 px in a 1,280 px page)', async () => {
  const columns = [360, 700, 1100];
  const body = columns
    .map(
      (width) =>
        `<section class="column" style="width:${width}px;margin:0 0 2rem">${`<div data-retry-lab ${STORM}></div>`}${stormFrame()}</section>`,
    )
    .join('');
  const { page, errors } = await hostPage('columns.html', body + mountScript() + frameScript());
  const widths = await heroWidths(page, columns.length);
  widths.forEach(({ mounted, framed }, i) => {
    const gap = Math.abs(mounted - framed) / framed;
    assert.ok(
      gap <= 0.02,
      `column ${columns[i]} px: the figure is ${mounted} px mounted, ${framed} px framed (${(100 * gap).toFixed(1)} %)`,
    );
  });
  // In a 700 px column the figure takes the column (the window-sized layout gave it 266 px).
  assert.ok(widths[1].mounted > 600, `700 px column: figure ${widths[1].mounted} px`);
  assert.deepEqual(errors, []);
  await page.close();
});

/** Computed styles of the first few of each kind of element inside the mounted lab. */
function insideStyles(page) {
  return page.evaluate(() => {
    const root = document.querySelector('[data-retry-lab]').shadowRoot;
    const kinds = ['.lab', 'details', 'summary', 'button', 'ul', 'li', 'table', 'td', 'svg', 'h2', 'p', 'input', 'label', 'select'];
    const properties = [
      'display',
      'color',
      'background-color',
      'font-family',
      'font-size',
      'font-weight',
      'letter-spacing',
      'text-transform',
      'line-height',
      'margin-top',
      'margin-left',
      'padding-top',
      'padding-left',
      'border-top-width',
      'border-top-style',
      'list-style-type',
      'box-sizing',
      'width',
      'height',
    ];
    const out = {};
    for (const kind of kinds) {
      [...root.querySelectorAll(kind)].slice(0, 3).forEach((element, i) => {
        const style = getComputedStyle(element);
        const marks = `${getComputedStyle(element, '::before').content} ${getComputedStyle(element, '::after').content}`;
        out[`${kind}#${i}`] = [...properties.map((p) => `${p}:${style.getPropertyValue(p)}`), `marks:${marks}`].join('; ');
      });
    }
    return out;
  });
}

test('a hostile host stylesheet (details, button, ul, table, svg, *) changes nothing inside a mounted lab', async () => {
  // What a documentation theme does to its own pages' elements, and worse.
  const hostile = `<style>
    * { font-family: serif !important; color: #f0f !important; letter-spacing: 3px; text-transform: uppercase; box-sizing: content-box; line-height: 3 }
    details { border: 6px solid red; padding: 2rem; background: yellow; display: flow-root }
    details::before { content: "⚠" } summary::after { content: "▶" }
    button { all: unset; font-size: 40px; padding: 1rem }
    ul, li { list-style: square; margin: 3rem; padding: 3rem }
    table, td { border: 4px dashed blue; font-size: 8px; display: block }
    svg { display: none !important } p, h2, label { margin: 4rem; font-size: 30px }
    input, select { width: 10px }
  </style>`;
  const body = `<section class="column" style="width:900px"><div data-retry-lab ${STORM}></div></section>${mountScript()}`;
  const plain = await hostPage('plain.html', body);
  const attacked = await hostPage('hostile.html', body, { head: hostile });
  for (const { page } of [plain, attacked]) await page.locator('[data-retry-lab] .hero svg').first().waitFor();
  const [before, after] = await Promise.all([insideStyles(plain.page), insideStyles(attacked.page)]);
  for (const kind of ['.lab#0', 'details#0', 'summary#0', 'button#0', 'svg#0', 'p#0', 'label#0'])
    assert.ok(kind in before, `the lab has a ${kind}`);
  assert.deepEqual(after, before);
  // The host page itself does take its stylesheet (the test would pass on a sheet that never applied otherwise).
  assert.equal(await attacked.page.evaluate(() => getComputedStyle(document.body).fontFamily), 'serif');
  assert.deepEqual([...plain.errors, ...attacked.errors], []);
  await plain.page.close();
  await attacked.page.close();
});

/** The mounted lab's background colour (its theme's paper). */
const paper = (page, nth = 0) =>
  page.evaluate(
    (i) =>
      getComputedStyle(document.querySelectorAll('[data-retry-lab]')[i].shadowRoot.querySelector('.lab'))
        .getPropertyValue('--paper')
        .trim(),
    nth,
  );
const LIGHT = '#fbfaf7';
const DARK = '#14171c';

async function expectPaper(page, colour, why, nth = 0) {
  await page
    .waitForFunction(
      ([i, want]) =>
        getComputedStyle(document.querySelectorAll('[data-retry-lab]')[i].shadowRoot?.querySelector('.lab') ?? document.body)
          .getPropertyValue('--paper')
          .trim() === want,
      [nth, colour],
      { timeout: 5000 },
    )
    .catch(() => {});
  assert.equal(await paper(page, nth), colour, why);
}

test("a mounted lab follows its host's theme as the host switches it; a lab told its theme keeps it", async () => {
  const body = `<div data-retry-lab ${STORM}></div><div data-retry-lab ${STORM} data-theme="light"></div>${mountScript()}`;
  const { page, errors } = await hostPage('theme.html', body, { colorScheme: 'light' });
  await page.locator('[data-retry-lab] .hero').first().waitFor();
  await expectPaper(page, LIGHT, 'a light system, a host that says nothing');
  const set = (script) => page.evaluate(script);
  await set(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await expectPaper(page, DARK, 'Docusaurus: <html data-theme="dark">');
  await expectPaper(page, LIGHT, 'data-theme="light" on the mount: light whatever the host', 1);
  await set(() => document.documentElement.setAttribute('data-theme', 'light'));
  await expectPaper(page, LIGHT, 'Docusaurus back to light');
  await set(() => {
    document.documentElement.removeAttribute('data-theme');
    document.body.setAttribute('data-md-color-scheme', 'slate');
  });
  await expectPaper(page, DARK, 'MkDocs Material: <body data-md-color-scheme="slate">');
  await set(() => document.body.setAttribute('data-md-color-scheme', 'default'));
  await expectPaper(page, LIGHT, 'MkDocs Material: default');
  await set(() => {
    document.body.removeAttribute('data-md-color-scheme');
    document.documentElement.classList.add('dark');
  });
  await expectPaper(page, DARK, 'VitePress: <html class="dark">');
  await set(() => {
    document.documentElement.classList.remove('dark');
    document.documentElement.style.colorScheme = 'dark';
  });
  await expectPaper(page, DARK, 'color-scheme: dark on <html>');
  assert.deepEqual(errors, []);
  await page.close();
  // A host that says nothing, on a dark system: the system's.
  const dark = await hostPage('theme.html', body, { colorScheme: 'dark' });
  await dark.page.locator('[data-retry-lab] .hero').first().waitFor();
  await expectPaper(dark.page, DARK, 'a dark system, a host that says nothing');
  await dark.page.close();
});

/** The builder's iframe snippet for `exp` of lesson-003, as an author copies it. */
async function builderSnippet(exp, theme) {
  const { page, errors } = await open(browser, `${lab.base}lesson-003/?exp=${exp}&lang=en&seed=7`);
  await page.locator('.experiment').waitFor();
  await page.getByRole('link', { name: 'Embed this experiment in a course ↗' }).click();
  await page.getByRole('heading', { name: 'Embed an experiment' }).waitFor();
  if (theme) await page.getByRole('radio', { name: theme }).check();
  const snippet = await page.getByRole('textbox', { name: 'With an iframe' }).inputValue();
  assert.deepEqual(errors, []);
  await page.close();
  return snippet;
}

test("the builder's iframe snippets paste into a page with a strict CSP: no inline script or style, two frames sized apart", async () => {
  const first = await builderSnippet('storm');
  const second = await builderSnippet('storm', 'Dark');
  for (const snippet of [first, second]) {
    assert.doesNotMatch(snippet, /<script>|<script type="module">|\sstyle=|\son[a-z]+=/, 'nothing inline');
    assert.match(snippet, /<script src="http:\/\/127\.0\.0\.1:\d+\/retry-lab-frame\.js"><\/script>/);
  }
  assert.match(first, /theme=auto/, 'auto by default, written');
  assert.match(second, /theme=dark/, 'the theme chosen');
  const id = (snippet) => snippet.match(/<iframe id="([^"]+)"/)[1];
  assert.notEqual(id(first), id(second), 'two visits, two ids');
  const csp = `default-src 'none'; script-src 'self' ${lab.origin}; style-src 'self' ${lab.origin}; frame-src ${lab.origin}; img-src 'self' data:`;
  const head = `<meta http-equiv="Content-Security-Policy" content="${csp}"><script src="watch.js"></script>`;
  await writeFile(
    join(hostDir, 'watch.js'),
    "window.violations = []; document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective + ' ' + e.blockedURI));",
  );
  const { page, errors } = await hostPage('strict.html', `<h1>A course</h1>${first}<p>Between.</p>${second}`, { head });
  const frames = page.locator('iframe[data-retry-lab-frame]');
  const labHeight = async (i) => {
    await frames.nth(i).scrollIntoViewIfNeeded();
    const frame = await (await frames.nth(i).elementHandle()).contentFrame();
    await frame.locator('.hero').waitFor();
    return frame.evaluate(() => document.documentElement.scrollHeight);
  };
  const frameHeight = (i) => frames.nth(i).evaluate((f) => f.getBoundingClientRect().height);
  const fitted = async (i) => {
    await page.waitForFunction(async (n) => {
      const f = document.querySelectorAll('iframe[data-retry-lab-frame]')[n];
      return f.getBoundingClientRect().height !== 720;
    }, i);
    const want = await labHeight(i);
    await page.waitForFunction(
      ([n, h]) => Math.abs(document.querySelectorAll('iframe[data-retry-lab-frame]')[n].getBoundingClientRect().height - h) <= 2,
      [i, want],
    );
    return frameHeight(i);
  };
  const a = await fitted(0);
  const b = await fitted(1);
  // Sized to its lab, a frame shows every part of it: a part drawn at a
  // placeholder height (`content-visibility: auto`) until the frame showed
  // it made the second frame grow 35 px after it had fitted (twice in CI).
  for (const i of [0, 1]) {
    const frame = await (await frames.nth(i).elementHandle()).contentFrame();
    const skipped = await frame.evaluate(() =>
      [...document.querySelectorAll('.lab *')].filter((e) => getComputedStyle(e).contentVisibility === 'auto').map((e) => e.className),
    );
    assert.deepEqual(skipped, [], `frame ${i + 1}: no part waits to be drawn`);
  }
  assert.ok(a > 320 && b > 320, `sized to their labs: ${a}, ${b}`);
  // Opening "More parameters" in the first frame grows it and only it.
  const inner = await (await frames.nth(0).elementHandle()).contentFrame();
  await inner.locator('.experiment details.more-params summary').first().click();
  const grown = await fitted(0);
  assert.ok(grown > a + 20, `the first frame grew with its lab: ${a} → ${grown}`);
  assert.equal(await frameHeight(1), b, 'the second frame stayed as it was');
  // The second frame is the dark one the author chose.
  const second_ = await (await frames.nth(1).elementHandle()).contentFrame();
  assert.equal(await second_.evaluate(() => getComputedStyle(document.querySelector('.lab')).getPropertyValue('--paper').trim()), DARK);
  assert.deepEqual(await page.evaluate(() => window.violations), [], 'no CSP violation');
  assert.deepEqual(errors, []);
  await page.close();
});

test('reveal.js (npm): a frame in a slide stays within the slide and scrolls inside; a black deck gets a dark mounted lab', async () => {
  const dist = join(ROOT, 'node_modules/reveal.js/dist');
  await cp(dist, join(hostDir, 'reveal'), { recursive: true });
  const deck = `<div class="reveal"><div class="slides">
    <section><h2>Retries</h2></section>
    <section><h3>A storm</h3>${stormFrame()}</section>
    <section><div data-retry-lab ${STORM}></div></section>
  </div></div>
  <script src="reveal/reveal.js"></script><script src="init.js"></script>${frameScript()}${mountScript()}`;
  await writeFile(join(hostDir, 'init.js'), 'Reveal.initialize({ hash: true, width: 1280, height: 720 });');
  const head = '<link rel="stylesheet" href="reveal/reveal.css"><link rel="stylesheet" href="reveal/theme/black.css">';
  await writeFile(
    join(hostDir, 'deck.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>deck</title><link rel="icon" href="data:,">${head}</head><body>${deck}</body></html>`,
  );
  const shown = await open(browser, `${host.base}deck.html#/1`, { viewport: { width: 1280, height: 720 } });
  const frame = shown.page.locator('iframe[data-retry-lab-frame]');
  const inner = await (await frame.elementHandle()).contentFrame();
  await inner.locator('.hero').waitFor();
  await shown.page.waitForFunction(
    () =>
      document.querySelector('iframe[data-retry-lab-frame]').getBoundingClientRect().height !==
      720 * (document.querySelector('.slides').getBoundingClientRect().height / 720),
  );
  const boxes = await shown.page.evaluate(() => ({
    frame: document.querySelector('iframe[data-retry-lab-frame]').getBoundingClientRect().bottom,
    slides: document.querySelector('.reveal .slides').getBoundingClientRect().bottom,
  }));
  assert.ok(boxes.frame <= boxes.slides + 1, `the frame ends within the slide: ${boxes.frame} ≤ ${boxes.slides}`);
  const scrolls = await inner.evaluate(() => document.scrollingElement.scrollHeight > document.scrollingElement.clientHeight + 20);
  assert.ok(scrolls, 'the lab is taller than the slide and scrolls inside its frame');
  await shown.page.keyboard.press('ArrowRight');
  await shown.page.locator('[data-retry-lab] .hero').waitFor();
  await expectPaper(shown.page, DARK, "reveal.js's black theme: a dark lab");
  // The keys: a click on the figure gives them to the scene (the deck stays
  // on its slide), Escape gives them back to the deck.
  const slide = () => shown.page.evaluate(() => window.Reveal.getIndices().h);
  const clock = shown.page.locator('[data-retry-lab] .scene-bar output.clock-value');
  await shown.page.locator('[data-retry-lab]').getByRole('button', { name: 'Show without estimating' }).click();
  await shown.page.locator('[data-retry-lab] .hero-body').click();
  await shown.page.keyboard.press('Home');
  assert.match(await clock.textContent(), /^0\.0 s|^0 s/);
  await shown.page.keyboard.press('ArrowRight');
  assert.doesNotMatch(await clock.textContent(), /^0\.0 s|^0 s/, 'the arrow stepped the scene');
  assert.equal(await slide(), 2, 'and not the deck');
  await shown.page.keyboard.press('Escape');
  await shown.page.keyboard.press('ArrowLeft');
  await shown.page.waitForFunction(() => window.Reveal.getIndices().h === 1);
  assert.deepEqual(shown.errors, []);
  await shown.page.close();
});

/** Gives a slide's lab the keys by clicking its figure, once drawn and its prediction (if any) put aside. */
async function giveKeys(inner) {
  await inner.locator('.hero').waitFor();
  const reveal = inner.getByRole('button', { name: 'Show without estimating' });
  if (await reveal.count()) await reveal.click();
  await inner.locator('.hero-body:not([inert])').click();
}

test("the builder's reveal.js deck: a title slide and one slide per scenario, each lab opened on its scenario in the projector view; keys to the lab while it has focus, Escape back to the deck", async () => {
  const { REVEAL_VERSION, REVEAL_BASE } = await import('../../static/deck-package.js');
  const pinned = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')).devDependencies['reveal.js'];
  assert.equal(REVEAL_VERSION, pinned, 'the deck loads the reveal.js that package.json pins');
  const { TOOL_EXPERIMENTS } = await import('../../static/tool-registry.js');
  const scenarios = TOOL_EXPERIMENTS.visibility.presets;
  // The author's lab has a value of its own (300 s): no slide carries it.
  const { page, errors } = await open(browser, `${lab.base}lesson-004/?exp=visibility&lang=en&visibility_s=300`);
  const href = await page.getByRole('link', { name: /Embed this/ }).getAttribute('href');
  await page.goto(new URL(href, page.url()).href);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the deck (.html)' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'retry-lab-visibility-deck.html');
  await page.getByText(`Deck ready (${scenarios.length} scenario slides).`).waitFor();
  assert.deepEqual(errors, []);
  // The download is saved before its page closes: closing first cancels one still being written.
  const html = await readFile(await download.path(), 'utf8');
  await page.close();
  assert.ok(html.includes(REVEAL_BASE), 'reveal.js from jsDelivr, pinned');
  // Served here from npm's copy (the test has no network).
  await cp(join(ROOT, 'node_modules/reveal.js/dist'), join(hostDir, 'reveal'), { recursive: true });
  await writeFile(join(hostDir, 'class.html'), html.replaceAll(REVEAL_BASE, 'reveal/'));
  const shown = await open(browser, `${host.base}class.html`, { viewport: { width: 1280, height: 720 } });
  const deck = shown.page;
  await deck.waitForFunction(() => window.Reveal?.isReady());
  assert.equal(await deck.evaluate(() => window.Reveal.getTotalSlides()), scenarios.length + 1);
  assert.match(await deck.locator('section').first().innerText(), /Escape gives the keys back to the deck/);
  const slide = () => deck.evaluate(() => window.Reveal.getIndices().h);
  // Each scenario's slide opens its lab on that scenario, named in its menu, projected.
  for (const [index, [code, label]] of scenarios.slice(0, 3).entries()) {
    await deck.keyboard.press('ArrowRight');
    await deck.waitForFunction((h) => window.Reveal.getIndices().h === h, index + 1);
    const frame = deck.locator('section.present iframe[data-retry-lab-frame]');
    assert.equal(await deck.locator('section.present h3').textContent(), label.en);
    const src = new URL(await frame.getAttribute('src'));
    assert.equal(src.searchParams.get('preset'), code);
    assert.equal(src.searchParams.get('visibility_s'), null, "the author's own value stays out of the slides");
    const inner = deck.frameLocator('section.present iframe[data-retry-lab-frame]');
    await inner.locator('.hero').waitFor();
    assert.equal(await inner.getByLabel('Scenario').inputValue(), code, `slide ${index + 1} names ${code}`);
    assert.equal(await inner.locator('html').getAttribute('data-view'), 'projector');
  }
  // The lab has the keys once clicked: → steps its scene, not the deck.
  const inner = deck.frameLocator('section.present iframe[data-retry-lab-frame]');
  await giveKeys(inner);
  const clock = inner.locator('.scene-bar output.clock-value');
  await deck.keyboard.press('Home');
  const start = await clock.textContent();
  await deck.keyboard.press('ArrowRight');
  assert.notEqual(await clock.textContent(), start, 'the arrow stepped the scene');
  assert.equal(await slide(), 3, 'and not the deck');
  // Escape: the deck has its keys again.
  await deck.keyboard.press('Escape');
  await deck.keyboard.press('ArrowLeft');
  await deck.waitForFunction(() => window.Reveal.getIndices().h === 2);
  // Fullscreen (reveal.js's F, while the deck has the keys): the slide's lab
  // stays within its slide and still takes the keys once clicked.
  await deck.keyboard.press('f');
  await deck.waitForFunction(() => document.fullscreenElement !== null);
  await deck.waitForFunction(() => {
    const frame = document.querySelector('section.present iframe[data-retry-lab-frame]').getBoundingClientRect();
    return frame.height > 300 && frame.bottom <= document.querySelector('.reveal .slides').getBoundingClientRect().bottom + 1;
  });
  // reveal.js unloaded this slide's frame when it left (`data-src`) and
  // loads it again now: the keys go to the new lab once it has drawn.
  await giveKeys(inner);
  await deck.keyboard.press('Home');
  const first = await clock.textContent();
  await deck.keyboard.press('ArrowRight');
  assert.notEqual(await clock.textContent(), first, 'in fullscreen, the arrow steps the scene');
  assert.equal(await slide(), 2, 'and not the deck');
  assert.deepEqual(shown.errors, []);
  await deck.close();
});

test('a host that swaps its pages without reloading (MkDocs instant navigation): each new lab mounts once, each removed one ends, a re-added one starts again', async () => {
  // Every animation frame the page asks for, counted: a lab left running after removal keeps asking.
  await writeFile(
    join(hostDir, 'count.js'),
    'window.frames_ = 0; const raf = requestAnimationFrame; window.requestAnimationFrame = (f) => { window.frames_ += 1; return raf(f); };',
  );
  const mount =
    '<div id="lab" data-retry-lab data-experiment="retries" data-embed="1" data-lang="en" data-speed="1000" data-events="200"></div>';
  const { page, errors } = await hostPage('swap.html', `<article id="content">${mount}</article>${mountScript()}`, {
    head: '<script src="count.js"></script>',
  });
  const lab = page.locator('#lab');
  await lab.locator('button.play').click();
  await page.waitForFunction(() => document.querySelector('#lab').shadowRoot.querySelector('.clock-value')?.textContent !== '0 s');
  const playing = await page.evaluate(() => window.frames_);
  assert.ok(playing > 0, 'the scene asks for frames while it plays');
  // The host swaps its content for another page's: the lab's element leaves the document.
  const removed = await page.evaluate(() => {
    const element = document.querySelector('#lab');
    document.querySelector('#content').innerHTML = '<p>Another page</p>';
    window.removedLab = element;
    return element.isConnected;
  });
  assert.equal(removed, false);
  await page.waitForFunction(() => !window.removedLab.hasAttribute('data-retry-lab-mounted'));
  const after = await page.evaluate(() => window.frames_);
  await page.waitForTimeout(1000);
  assert.ok((await page.evaluate(() => window.frames_)) - after <= 1, 'no frames asked for once the lab ended');
  // Back to the first page: the same element (a cached page) and a new one both mount, once each.
  await page.evaluate((html) => {
    document.querySelector('#content').replaceChildren(window.removedLab);
    document.querySelector('#content').insertAdjacentHTML('beforeend', html.replace('id="lab"', 'id="lab2"'));
  }, mount);
  for (const id of ['#lab', '#lab2']) {
    await page.locator(`${id} .experiment`).waitFor();
    assert.equal(
      await page.evaluate((sel) => document.querySelector(sel).shadowRoot.querySelectorAll('.lab').length, id),
      1,
      `${id}: one lab`,
    );
  }
  await page.locator('#lab button.play').click();
  await page.waitForFunction(() => document.querySelector('#lab').shadowRoot.querySelector('.clock-value')?.textContent !== '0 s');
  assert.deepEqual(errors, []);
  await page.close();
});
