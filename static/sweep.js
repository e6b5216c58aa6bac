// "Tu escenario en muchas semillas": one rung up the ladder of abstraction.
// The lab's link names a scenario of a seeded experiment; this page runs it
// with seeds 1..N (or over one parameter's range, N seeds a value) in that
// lesson group's export module (Rust: `sweep::Plan`, the numbers `retry-lab
// sweep` prints), in a worker off the page's main thread, and draws the
// distribution: a histogram with the learner's run marked, or the median
// and its 5–95 % band over the parameter. Every bar and point is a link to
// one of its runs. Loaded only when a learner opens it from the lab.
import { readToolLink, download } from './tool-link.js';
import { PAGE_OF_CODE } from './lab-registry.js';

const tool = readToolLink(location.search);
const { query, lang, root, title, lesson, scenario, ladder } = tool;
// The run's page: the one the link's experiment belongs to (`tool-link.js`).
const dir = tool.runDir;
// The page's own choices travel in its address (an instructor's link
// reproduces the sweep); the rest is the lab's link.
const take = (key) => {
  const value = query.get(key);
  query.delete(key);
  return value;
};
const asked = { outcome: take('outcome'), axis: take('axis'), seeds: take('seeds') };
const link = query.toString();
const pageUrl = new URL(dir, root);
const labUrl = (runLink) => `${pageUrl.href}?${runLink}`;

const SEEDS = { seeds: 200, perValue: 40, max: 1000 };

// One number format, the lab's and the lessons' in both languages (1,000
// and 0.5), made as the page starts: the first use of a locale's data
// costs tens of milliseconds, which no frame of the sweep should pay.
const FORMAT = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

const TEXT = {
  es: {
    title: 'Tu escenario en muchas semillas',
    intro: (n) =>
      `Cada ejecución del laboratorio sale de una semilla. Aquí tu escenario corre con las semillas 1 a ${n}, o a lo largo de un parámetro: así ves si lo que viste fue la semilla o el parámetro. Cada barra y cada punto abren una de sus ejecuciones.`,
    lesson: 'Lección',
    experiment: 'Experimento',
    scenario: 'Escenario',
    outcome: 'Resultado',
    axis: 'Variar',
    seedsOnly: 'Solo la semilla',
    seeds: 'Semillas',
    seedsPerValue: 'Semillas por valor',
    back: 'Volver al laboratorio',
    failed: 'No se pudo cargar el módulo del laboratorio.',
    unknown: (code) => `El enlace pide el experimento «${code}», que el laboratorio no tiene: no hay nada que barrer.`,
    running: (done, total, estimate) => `Calculando: ${number(done)} de ${number(total)} ejecuciones (${estimate})…`,
    ready: (total, ms) => `Listo: ${number(total)} ejecuciones en ${number(Math.round(ms))} ms.`,
    runs: 'Ejecuciones',
    yours: (seed) => `tu ejecución (semilla ${seed})`,
    median: 'mediana',
    band: '5–95 %',
    yourValue: 'tu valor',
    lessonValue: 'la lección',
    bar: (count, label, range, seed) =>
      `${count} ${count === 1 ? 'ejecución' : 'ejecuciones'} con ${range} (${label}): abrir la semilla ${seed}`,
    point: (axis, value, label, s, seed) =>
      `${axis} ${value}: ${label}, mediana ${s.median} (5–95 %: ${s.p5}–${s.p95}). Abrir la ejecución mediana, semilla ${seed}`,
    degenerate: (n, label, value) =>
      `Las ${n} semillas dan lo mismo: ${label}, ${value}. Aquí la semilla no cambia nada: lo decide el escenario (sus parámetros y su plan), no el azar.`,
    versus: (labelA, a, labelB, b) =>
      `En el mismo eje: ${labelA}, mediana ${a.median} (5–95 %: ${a.p5}–${a.p95}); ${labelB}, mediana ${b.median} (5–95 %: ${b.p5}–${b.p95}).`,
    histogram: (n, label, s, seed, mine, typical) =>
      `En ${n} semillas, ${label}: mediana ${s.median}; 9 de cada 10 entre ${s.p5} y ${s.p95}. ` +
      `Tu ejecución (semilla ${seed}): ${mine}, ${typical ? 'una ejecución típica' : 'una semilla poco común'}.`,
    over: (axis, from, to, label, first, last, mine) =>
      `Con ${axis} de ${from} a ${to}, la mediana de ${label} va de ${first} a ${last}${mine ? `; con tu valor, ${mine.value}, es ${mine.median}` : ''}. La banda: el 90 % central de las semillas.`,
    csv: 'Descargar CSV',
    json: 'Descargar JSON',
  },
  en: {
    title: 'Your scenario over many seeds',
    intro: (n) =>
      `Every run of the lab comes from a seed. Here your scenario runs with seeds 1 to ${n}, or along one parameter: so you see whether what you saw was the seed or the parameter. Every bar and point opens one of its runs.`,
    lesson: 'Lesson',
    experiment: 'Experiment',
    scenario: 'Scenario',
    outcome: 'Outcome',
    axis: 'Vary',
    seedsOnly: 'The seed only',
    seeds: 'Seeds',
    seedsPerValue: 'Seeds per value',
    back: 'Back to the lab',
    failed: "The lab's module could not load.",
    unknown: (code) => `The link asks for the experiment “${code}”, which the lab does not have: nothing to sweep.`,
    running: (done, total, estimate) => `Computing: ${number(done)} of ${number(total)} runs (${estimate})…`,
    ready: (total, ms) => `Done: ${number(total)} runs in ${number(Math.round(ms))} ms.`,
    runs: 'Runs',
    yours: (seed) => `your run (seed ${seed})`,
    median: 'median',
    band: '5–95 %',
    yourValue: 'your value',
    lessonValue: 'the lesson',
    bar: (count, label, range, seed) => `${count} ${count === 1 ? 'run' : 'runs'} with ${range} (${label}): open seed ${seed}`,
    point: (axis, value, label, s, seed) =>
      `${axis} ${value}: ${label}, median ${s.median} (5–95 %: ${s.p5}–${s.p95}). Open the median run, seed ${seed}`,
    degenerate: (n, label, value) =>
      `All ${n} seeds give the same: ${label}, ${value}. Here the seed changes nothing: the scenario decides (its parameters and its plan), not chance.`,
    versus: (labelA, a, labelB, b) =>
      `On one axis: ${labelA}, median ${a.median} (5–95 %: ${a.p5}–${a.p95}); ${labelB}, median ${b.median} (5–95 %: ${b.p5}–${b.p95}).`,
    histogram: (n, label, s, seed, mine, typical) =>
      `Over ${n} seeds, ${label}: median ${s.median}; 9 in 10 between ${s.p5} and ${s.p95}. ` +
      `Your run (seed ${seed}): ${mine}, ${typical ? 'a typical run' : 'an unusual seed'}.`,
    over: (axis, from, to, label, first, last, mine) =>
      `With ${axis} from ${from} to ${to}, the median of ${label} goes from ${first} to ${last}${mine ? `; at your value, ${mine.value}, it is ${mine.median}` : ''}. The band: the middle 90 % of the seeds.`,
    csv: 'Download CSV',
    json: 'Download JSON',
  },
}[lang];

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
function svg(name, attributes = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}
const number = (value) => FORMAT.format(Number(value));
/** A label inside a sentence: «Eventos que…» reads «eventos que…» there. */
const inSentence = (label) => label.charAt(0).toLocaleLowerCase(lang) + label.slice(1);
/** A parameter's value as the lab shows it: a share in percent. */
const shown = (axis, text) =>
  axis.unit === '%' ? `${number(Number(text) * 100)} %` : `${number(text)}${axis.unit ? ` ${axis.unit}` : ''}`;

document.documentElement.lang = lang;
document.title = `${TEXT.title} · Retry Lab`;
$('sweep-title').textContent = TEXT.title;
$('sweep-intro').textContent = TEXT.intro(SEEDS.seeds);
$('sweep-outcome-label').textContent = TEXT.outcome;
$('sweep-axis-label').textContent = TEXT.axis;
$('back').textContent = TEXT.back;
$('back').href = labUrl(link);
for (const [term, value] of [
  [TEXT.lesson, lesson],
  [TEXT.experiment, title],
  [TEXT.scenario, scenario],
].filter(([, v]) => v)) {
  $('sweep-meta').append(
    Object.assign(document.createElement('dt'), { textContent: term }),
    Object.assign(document.createElement('dd'), { textContent: value }),
  );
}

const outcomes = ladder?.outcomes ?? [];
const axes = ladder?.axes ?? [];
const option = (value, label) => Object.assign(document.createElement('option'), { value, textContent: label });
$('sweep-outcome').append(...outcomes.map((o, i) => option(String(i), o.label)));
$('sweep-axis').append(option('', TEXT.seedsOnly), ...axes.map((a) => option(a.key, a.label)));
const outcomeAsked = outcomes.findIndex((o) => o.key === asked.outcome);
$('sweep-outcome').value = String(Math.max(0, outcomeAsked));
$('sweep-axis').value = axes.some((a) => a.key === asked.axis) ? asked.axis : '';
const seedsAsked = Number.parseInt(asked.seeds ?? '', 10);
function defaultSeeds() {
  return $('sweep-axis').value ? SEEDS.perValue : SEEDS.seeds;
}
$('sweep-seeds').value = String(Number.isFinite(seedsAsked) ? Math.min(Math.max(seedsAsked, 1), SEEDS.max) : defaultSeeds());
function seedsLabel() {
  $('sweep-seeds-label').textContent = $('sweep-axis').value ? TEXT.seedsPerValue : TEXT.seeds;
}
seedsLabel();

/** Integer outcomes: bins of whole numbers (one value each over a narrow
 * range, else a whole width, so no bin reads 33.4); others: 20 equal bins. */
function bins(values) {
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (values.every(Number.isInteger)) {
    const width = Math.max(1, Math.ceil((max - min + 1) / 20));
    const count = Math.floor((max - min) / width) + 1;
    const at = (v) => Math.min(count - 1, Math.floor((v - min) / width));
    return { count, at, whole: width === 1, integer: true, from: (i) => min + i * width, to: (i) => min + (i + 1) * width - 1 };
  }
  const count = max === min ? 1 : 20;
  const width = (max - min) / count || 1;
  const at = (v) => Math.min(count - 1, Math.floor((v - min) / width));
  return { count, at, whole: false, integer: false, from: (i) => min + i * width, to: (i) => min + (i + 1) * width };
}

// The figure's size in CSS pixels, its text at the page's size: set from
// the width it has (a phone's 330 px or a laptop's 760) at each drawing.
const H = 280;
const M = { left: 48, right: 16, top: 44, bottom: 44 };
let W = 640;
let plotW = W - M.left - M.right;
const plotH = H - M.top - M.bottom;

function frame(xLabel, yLabel) {
  const root = svg('svg', {
    viewBox: `0 0 ${W} ${H}`,
    width: W,
    height: H,
    class: 'sweep-svg',
    role: 'group',
    'aria-labelledby': 'sweep-insight',
  });
  root.append(svg('line', { x1: M.left, y1: M.top + plotH, x2: M.left + plotW, y2: M.top + plotH, class: 'sw-axis' }));
  root.append(svg('line', { x1: M.left, y1: M.top, x2: M.left, y2: M.top + plotH, class: 'sw-axis' }));
  root.append(svg('text', { x: M.left + plotW / 2, y: H - 6, 'text-anchor': 'middle', class: 'sw-axis-label' }, xLabel));
  root.append(
    svg(
      'text',
      { x: 12, y: M.top + plotH / 2, 'text-anchor': 'middle', transform: `rotate(-90 12 ${M.top + plotH / 2})`, class: 'sw-axis-label' },
      yLabel,
    ),
  );
  return root;
}

/** A round top for a value axis, above the highest value (at least 1). */
function niceTop(max) {
  if (!(max > 0)) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 2.5, 5, 10].map((m) => m * step).find((t) => t > max) ?? 10 * step;
}

/** The value axis' ticks: 0, half and the top, with light guide lines. */
function valueTicks(root, top, y) {
  for (const v of Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top]) {
    root.append(svg('line', { x1: M.left, y1: y(v), x2: M.left + plotW, y2: y(v), class: 'sw-grid' }));
    root.append(svg('text', { x: M.left - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'sw-tick' }, number(v)));
  }
}

/** The two sides' swatches and names, on the figure above the plot. */
function legend(root, items) {
  items.forEach(([label, className], i) => {
    const y = M.top - 34 + i * 14;
    root.append(svg('rect', { x: M.left + plotW - 150, y: y - 9, width: 10, height: 10, class: className }));
    root.append(svg('text', { x: M.left + plotW - 136, y, class: 'sw-legend' }, label.length > 26 ? `${label.slice(0, 25)}…` : label));
  });
}

/** A vertical mark with its words on the figure, where it is. */
function mark(root, x, label, className, row) {
  root.append(svg('line', { x1: x, y1: M.top - 4, x2: x, y2: M.top + plotH, class: className }));
  // Its words start at the line on the left of the figure, end at it on the
  // right and are centred on it in between, so they stay inside at 330 px.
  const where = (x - M.left) / plotW;
  const anchor = where < 0.3 ? 'start' : where > 0.7 ? 'end' : 'middle';
  const textX = anchor === 'start' ? x + 4 : anchor === 'end' ? x - 4 : Math.min(Math.max(x, M.left + 110), M.left + plotW - 110);
  root.append(svg('text', { x: textX, y: M.top - 24 + row * 14, 'text-anchor': anchor, class: `${className}-label` }, label));
}

function histogram(report, k) {
  const outcome = report.outcomes[k];
  const values = report.points.map((p) => p.outcomes[k]);
  // One comparison's other side, drawn beside on the same bins.
  const other = report.compare?.includes(k) ? report.compare.find((i) => i !== k) : undefined;
  const both = other === undefined ? values : values.concat(report.points.map((p) => p.outcomes[other]));
  const b = bins(both);
  const groups = Array.from({ length: b.count }, () => []);
  for (const p of report.points) groups[b.at(p.outcomes[k])].push(p);
  const others = Array.from({ length: b.count }, () => []);
  if (other !== undefined) for (const p of report.points) others[b.at(p.outcomes[other])].push(p);
  const top = niceTop(Math.max(...groups.map((g) => g.length), ...others.map((g) => g.length)));
  const x = (i) => M.left + (i / b.count) * plotW;
  const y = (n) => M.top + plotH - (n / top) * plotH;
  const root = frame(outcome.label, TEXT.runs);
  const summary = report.bands[0].summaries[k];
  // The 5–95 % band behind the bars, the median on it.
  const band = [b.at(summary.p5), b.at(summary.p95)];
  root.append(svg('rect', { x: x(band[0]), y: M.top, width: x(band[1] + 1) - x(band[0]), height: plotH, class: 'sw-band' }));
  groups.forEach((group, i) => {
    if (group.length === 0) return;
    const first = group.reduce((a, p) => (p.seed < a.seed ? p : a));
    const range = b.whole || b.from(i) === b.to(i) ? number(b.from(i)) : `${number(b.from(i))}–${number(b.to(i))}`;
    const words = TEXT.bar(group.length, inSentence(outcome.label), range, first.seed);
    const a = svg('a', {
      href: labUrl(first.link),
      'aria-label': words,
      'data-bin': i,
      'data-seed': first.seed,
      'data-value': first.outcomes[k],
    });
    a.append(svg('title', {}, words));
    const w = Math.max(1, x(i + 1) - x(i) - 2);
    a.append(
      svg('rect', {
        x: x(i) + 1,
        y: y(group.length),
        width: other === undefined ? w : Math.max(1, w / 2),
        height: M.top + plotH - y(group.length),
        class: 'sw-bar',
      }),
    );
    root.append(a);
  });
  others.forEach((group, i) => {
    if (group.length === 0) return;
    const w = Math.max(1, x(i + 1) - x(i) - 2);
    root.append(
      svg('rect', {
        x: x(i) + 1 + w / 2,
        y: y(group.length),
        width: Math.max(1, w / 2),
        height: M.top + plotH - y(group.length),
        class: 'sw-bar-other',
      }),
    );
  });
  const step = Math.ceil(b.count / 10);
  for (let i = 0; i < b.count; i += step) {
    const label = b.whole ? number(b.from(i)) : number(b.from(i));
    root.append(
      svg('text', { x: b.whole ? (x(i) + x(i + 1)) / 2 : x(i), y: M.top + plotH + 16, 'text-anchor': 'middle', class: 'sw-tick' }, label),
    );
  }
  valueTicks(root, top, y);
  const centre = (v) =>
    b.whole
      ? (x(b.at(v)) + x(b.at(v) + 1)) / 2
      : x(b.at(v)) + ((v - b.from(b.at(v))) / (b.to(b.at(v)) - b.from(b.at(v)) || 1)) * (x(1) - x(0));
  mark(
    root,
    centre(summary.median),
    `${TEXT.median} ${number(summary.median)} · ${TEXT.band} ${number(summary.p5)}–${number(summary.p95)}`,
    'sw-median',
    0,
  );
  const mine = report.current[k];
  mark(root, centre(mine), `${TEXT.yours(report.current_seed)}: ${number(mine)}`, 'sw-yours', 1);
  const s = { p5: number(summary.p5), median: number(summary.median), p95: number(summary.p95) };
  const typical = mine >= summary.p5 && mine <= summary.p95;
  if (other !== undefined) {
    const o = report.bands[0].summaries[other];
    legend(root, [
      [outcome.label, 'sw-bar'],
      [report.outcomes[other].label, 'sw-bar-other'],
    ]);
    const t = (v) => ({ p5: number(v.p5), median: number(v.median), p95: number(v.p95) });
    return [root, TEXT.versus(outcome.label, t(summary), inSentence(report.outcomes[other].label), t(o))];
  }
  if (Math.min(...values) === Math.max(...values)) {
    return [root, TEXT.degenerate(number(report.seeds), inSentence(outcome.label), number(values[0]))];
  }
  return [root, TEXT.histogram(number(report.seeds), inSentence(outcome.label), s, report.current_seed, number(mine), typical)];
}

function overParameter(report, k) {
  const outcome = report.outcomes[k];
  const axis = axes.find((a) => a.key === report.axis);
  const bands = report.bands.filter((band) => band.summaries[k]);
  const xs = bands.map((band) => Number(band.value));
  const [lo, hi] = [xs[0], xs[xs.length - 1]];
  const x = (v) => M.left + (hi === lo ? plotW / 2 : ((v - lo) / (hi - lo)) * plotW);
  const top = niceTop(Math.max(...bands.map((band) => band.summaries[k].p95)));
  const y = (v) => M.top + plotH - (v / top) * plotH;
  const root = frame(axis.label, outcome.label);
  const upper = bands.map((band, i) => `${x(xs[i])},${y(band.summaries[k].p95)}`);
  const lower = bands.map((band, i) => `${x(xs[i])},${y(band.summaries[k].p5)}`).reverse();
  root.append(svg('polygon', { points: [...upper, ...lower].join(' '), class: 'sw-band' }));
  root.append(
    svg('polyline', { points: bands.map((band, i) => `${x(xs[i])},${y(band.summaries[k].median)}`).join(' '), class: 'sw-median-line' }),
  );
  // The learner's value and the lesson's, one mark with both names when they are one.
  const same = report.lesson_value !== null && Number(report.lesson_value) === Number(report.current_value);
  if (report.lesson_value !== null && !same)
    mark(root, x(Number(report.lesson_value)), `${TEXT.lessonValue}: ${shown(axis, report.lesson_value)}`, 'sw-lesson', 0);
  if (report.current_value !== null) {
    const name = same ? `${TEXT.yourValue} = ${TEXT.lessonValue}` : TEXT.yourValue;
    mark(root, x(Number(report.current_value)), `${name}: ${shown(axis, report.current_value)}`, 'sw-yours', 1);
  }
  bands.forEach((band, i) => {
    const s = band.summaries[k];
    // The run a point stands for: its value's median run (the lowest seed that had it).
    const group = report.points.filter((p) => p.value === band.value);
    const run = group.find((p) => p.outcomes[k] === s.median) ?? group[0];
    const words = TEXT.point(
      axis.label,
      shown(axis, band.value),
      inSentence(outcome.label),
      { p5: number(s.p5), median: number(s.median), p95: number(s.p95) },
      run.seed,
    );
    const a = svg('a', { href: labUrl(run.link), 'aria-label': words, 'data-value': band.value, 'data-seed': run.seed });
    a.append(svg('title', {}, words));
    a.append(svg('circle', { cx: x(xs[i]), cy: y(s.median), r: 14, class: 'sw-hit' }));
    a.append(svg('circle', { cx: x(xs[i]), cy: y(s.median), r: 4.5, class: 'sw-dot' }));
    root.append(a);
  });
  for (const i of [0, Math.floor(bands.length / 2), bands.length - 1]) {
    root.append(
      svg('text', { x: x(xs[i]), y: M.top + plotH + 16, 'text-anchor': 'middle', class: 'sw-tick' }, shown(axis, bands[i].value)),
    );
  }
  valueTicks(root, top, y);
  const first = number(bands[0].summaries[k].median);
  const last = number(bands[bands.length - 1].summaries[k].median);
  const at = bands.find((band) => Number(band.value) === Number(report.current_value));
  const mine = at && { value: shown(axis, at.value), median: number(at.summaries[k].median) };
  return [
    root,
    TEXT.over(
      inSentence(axis.label),
      shown(axis, bands[0].value),
      shown(axis, bands[bands.length - 1].value),
      inSentence(outcome.label),
      first,
      last,
      mine,
    ),
  ];
}

let report = null;
/** The chart's width in CSS pixels, as the resize observer reports it. */
let chartWidth = 0;
function draw() {
  if (!report || report.points.length === 0) return;
  // The width the resize observer last saw: reading it here would force a layout in the frame.
  W = Math.max(300, Math.min(960, Math.floor(chartWidth || 640)));
  plotW = W - M.left - M.right;
  const k = Number($('sweep-outcome').value);
  const [chart, insight] = report.axis ? overParameter(report, k) : histogram(report, k);
  $('sweep-chart').replaceChildren(chart);
  $('sweep-insight').textContent = insight;
}

/** The page's own address: the lab's link and this page's choices. */
function remember() {
  const own = new URLSearchParams(location.search);
  own.set('outcome', outcomes[Number($('sweep-outcome').value)]?.key ?? '');
  own.set('seeds', $('sweep-seeds').value);
  if ($('sweep-axis').value) own.set('axis', $('sweep-axis').value);
  else own.delete('axis');
  history.replaceState(null, '', `?${own}`);
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
// The runs happen in a worker (sweep-worker.js, with the lesson group's
// export module): the page's main thread only shows progress, parses the
// report and draws, each in a frame of its own.
const worker = new Worker(new URL('sweep-worker.js', import.meta.url), { type: 'module' });
let generation = 0;
/** The request under way: its id, when it started, its frames' work. */
let current = null;
let csv = '';

/** Runs `work` in the next frame if the request is still the latest, timing it. */
async function inFrame(request, work) {
  await nextFrame();
  if (request !== current) return false;
  const frameStart = performance.now();
  work();
  request.worstFrameMs = Math.max(request.worstFrameMs, performance.now() - frameStart);
  return true;
}

/** Asks the worker for the sweep the page's choices say; any change asks again (and ends the one under way). */
function run() {
  const seeds = Math.min(Math.max(Number.parseInt($('sweep-seeds').value, 10) || defaultSeeds(), 1), SEEDS.max);
  current = { id: ++generation, started: performance.now(), worstFrameMs: 0 };
  $('sweep-intro').textContent = TEXT.intro(number(seeds));
  delete document.body.dataset.sweep;
  worker.postMessage({ id: current.id, dir, link, axis: $('sweep-axis').value, seeds });
}

worker.addEventListener('message', async ({ data }) => {
  const request = current;
  if (data.type === 'failed') {
    $('sweep-status').textContent = `${TEXT.failed} (${data.message})`;
    return;
  }
  if (!request || data.id !== request.id) return;
  if (data.type === 'refused') {
    $('sweep-status').textContent = data.message;
    document.body.dataset.sweep = 'refused';
  } else if (data.type === 'progress') {
    await inFrame(request, () => {
      $('sweep-progress').max = data.total;
      $('sweep-progress').value = data.done;
      $('sweep-status').textContent = TEXT.running(data.done, data.total, data.estimate);
    });
  } else if (data.type === 'done') {
    if (
      !(await inFrame(request, () => {
        report = JSON.parse(data.report);
        csv = data.csv;
      }))
    )
      return;
    // A link that names only a preset: the outcomes' names come with the report.
    if ($('sweep-outcome').options.length === 0) $('sweep-outcome').append(...report.outcomes.map((o, i) => option(String(i), o.label)));
    if (!(await inFrame(request, draw))) return;
    const wallMs = performance.now() - request.started;
    $('sweep-status').textContent = TEXT.ready(report.points.length, wallMs);
    // For the bench and the tests: what this sweep cost the page.
    window.retryLabSweep = { points: report.points.length, wallMs, worstFrameMs: request.worstFrameMs };
    document.body.dataset.sweep = 'done';
  }
});

$('sweep-outcome').addEventListener('change', () => {
  remember();
  draw();
});
// A phone turned, a window resized: the figure is drawn again at its new width.
new ResizeObserver(([entry]) => {
  const width = entry.contentRect.width;
  if (width !== chartWidth) {
    chartWidth = width;
    draw();
  }
}).observe($('sweep-chart'));
$('sweep-axis').addEventListener('change', () => {
  seedsLabel();
  $('sweep-seeds').value = String(defaultSeeds());
  remember();
  run();
});
$('sweep-seeds').addEventListener('change', () => {
  remember();
  run();
});
$('sweep-form').addEventListener('submit', (e) => e.preventDefault());

const buttons = [
  [TEXT.csv, () => report && download(`retry-lab-sweep-${report.experiment}.csv`, 'text/csv', csv)],
  [TEXT.json, () => report && download(`retry-lab-sweep-${report.experiment}.json`, 'application/json', JSON.stringify(report, null, 2))],
];
for (const [label, onClick] of buttons) {
  const b = Object.assign(document.createElement('button'), { type: 'button', textContent: label });
  b.addEventListener('click', onClick);
  $('sweep-buttons').append(b, ' ');
}

// A link to an experiment this lab does not have is refused here, in words
// (the module would open its first experiment instead).
const named = query.get('only') ?? query.get('exp');
if (named !== null && !PAGE_OF_CODE.has(named)) $('sweep-status').textContent = TEXT.unknown(named.slice(0, 40));
else run();
