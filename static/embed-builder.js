// "Insertar este experimento": the snippets an author pastes, built from the
// link of the lab the author came from (the lab's "Embed this" link carries
// it, with its page's directory and the open experiment's lock names). Both
// snippets open the same lab: compact, sandboxed with the two flags the lab
// needs, and the options ticked here. Plain DOM: authors only, loaded only
// when an author opens this page, never with a learner's.
import { readToolLink } from './tool-link.js';
import { LINK_KEYS, PAGE_OF_CODE, PAGE_OF_KEY, SHARED_KEYS } from './lab-registry.js';

const { query: asked, locks: lockNames, title, lang, root, pageUrl } = readToolLink(location.search);

/** The keys a lab reads (the registry's, from lab-registry.js); `hop` is
 * the pages' own mark, never an author's. */
const known = (key) => (LINK_KEYS.has(key) && key !== 'hop') || SHARED_KEYS.has(key) || PAGE_OF_KEY.has(key);
/** The lab's link with only the keys a lab defines: a snippet holds nothing
 * else (an unknown key would become an attribute name in the author's page). */
const query = new URLSearchParams([...asked].filter(([key]) => known(key)));
const dropped = [...new Set([...asked.keys()].filter((key) => !known(key)))];
const experiment = PAGE_OF_CODE.has(query.get('exp') ?? '') ? query.get('exp') : null;

const TEXT = {
  es: {
    title: 'Insertar un experimento', intro: 'Copia uno de los dos fragmentos en tu curso: abren el laboratorio tal como lo dejaste, en su vista compacta.',
    view: 'Vista', only: 'Solo este experimento (sin pestañas)', tasksOff: 'Sin tareas guiadas', locks: 'Parámetros fijos (se ven, no se cambian)',
    iframe: 'Con un iframe', iframeNote: 'Aislado de tu página. Si tu plataforma pone sandbox al iframe, necesita allow-scripts y allow-same-origin: sin el segundo, el laboratorio no puede leer sus propios archivos.',
    script: 'Con un script en tu página', scriptNote: 'Se monta en tu página; varios laboratorios pueden convivir.',
    copy: 'Copiar', copied: 'Copiado.', failed: 'No se pudo copiar: selecciona el texto y cópialo.', preview: 'Vista previa', back: 'Volver al laboratorio',
    noExperiment: 'Abre esta página desde el enlace «Insertar este experimento» de un laboratorio.',
    dropped: 'Se omitieron del fragmento claves que el laboratorio no conoce:',
  },
  en: {
    title: 'Embed an experiment', intro: 'Copy either snippet into your course: both open the lab as you left it, in its compact view.',
    view: 'View', only: 'This experiment only (no tabs)', tasksOff: 'Without guided tasks', locks: 'Fixed parameters (shown, not changeable)',
    iframe: 'With an iframe', iframeNote: 'Isolated from your page. If your platform sandboxes iframes, it needs allow-scripts and allow-same-origin: without the second, the lab cannot read its own files.',
    script: 'With a script in your page', scriptNote: 'Mounted in your page; several labs can live side by side.',
    copy: 'Copy', copied: 'Copied.', failed: 'Could not copy: select the text and copy it.', preview: 'Preview', back: 'Back to the lab',
    noExperiment: 'Open this page from a lab\'s “Embed this experiment” link.',
    dropped: 'Keys the lab does not know were left out of the snippets:',
  },
}[lang];

const $ = (id) => document.getElementById(id);
document.documentElement.lang = lang;
for (const [id, key] of [['builder-title', 'title'], ['builder-intro', 'intro'], ['legend-view', 'view'], ['label-only', 'only'],
  ['label-tasks-off', 'tasksOff'], ['legend-locks', 'locks'], ['iframe-heading', 'iframe'], ['iframe-note', 'iframeNote'],
  ['script-heading', 'script'], ['script-note', 'scriptNote'], ['preview-heading', 'preview'], ['back', 'back'],
  ['label-snippet-iframe', 'iframe'], ['label-snippet-script', 'script']]) {
  $(id).textContent = TEXT[key];
}
document.title = `${TEXT.title} · Retry Lab`;
$('back').href = `${pageUrl.href}?${query}`;
if (!experiment) $('builder-intro').textContent = TEXT.noExperiment;
if (dropped.length) {
  // Shown as text (never markup), shortened: the keys came from a link.
  $('dropped').textContent = `${TEXT.dropped} ${dropped.map((key) => key.slice(0, 40)).join(', ').slice(0, 400)}`;
  $('dropped').hidden = false;
}

for (const name of lockNames) {
  const item = document.createElement('li');
  item.innerHTML = '<label><input type="checkbox" /> <code></code></label>';
  item.querySelector('input').value = name;
  item.querySelector('code').textContent = name;
  $('locks').append(item);
}

/** Text for a double-quoted HTML attribute. */
const escape = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The embedded lab's link: the author's lab, compact, with the ticked options. */
function embedQuery() {
  const link = new URLSearchParams(query);
  for (const key of ['embed', 'only', 'lock', 'tasks']) link.delete(key);
  link.set('embed', '1');
  if ($('opt-only').checked && experiment) link.set('only', experiment);
  const locks = [...$('locks').querySelectorAll('input:checked')].map((input) => input.value);
  if (locks.length) link.set('lock', locks.join(','));
  if ($('opt-tasks-off').checked) link.set('tasks', 'off');
  return link;
}

function render() {
  const link = embedQuery();
  const src = `${pageUrl.href}?${link}`;
  const frameTitle = title ? `Retry Lab: ${title}` : 'Retry Lab';
  $('snippet-iframe').value = `<iframe title="${escape(frameTitle)}" src="${escape(src)}" style="width:100%;height:720px;border:0" loading="lazy" sandbox="allow-scripts allow-same-origin"></iframe>`;
  // data-experiment is `only`; data-ack-lost is `ack_lost` (the lab reads them back so).
  // Every key here is one of the lab's ([a-z0-9_], from the registry).
  const attributes = [...link].filter(([key]) => known(key) && !(key === 'exp' && link.has('only')))
    .map(([key, value]) => ` data-${key === 'only' ? 'experiment' : key.replace(/_/g, '-')}="${escape(value)}"`).join('');
  $('snippet-script').value = `<div data-retry-lab${attributes}></div>\n<script type="module" src="${escape(new URL('embed.js', root).href)}"></script>`;
  $('preview').title = `${TEXT.preview}: ${frameTitle}`;
  if ($('preview').getAttribute('src') !== src) $('preview').src = src;
}

function copyButton(button, textarea, status) {
  $(button).textContent = `${TEXT.copy}: ${$(textarea === 'snippet-iframe' ? 'iframe-heading' : 'script-heading').textContent}`;
  $(button).addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($(textarea).value);
      $(status).textContent = TEXT.copied;
    } catch {
      $(textarea).select();
      $(status).textContent = TEXT.failed;
    }
  });
}

$('builder-options').addEventListener('change', render);
copyButton('copy-iframe', 'snippet-iframe', 'status-iframe');
copyButton('copy-script', 'snippet-script', 'status-script');
render();
