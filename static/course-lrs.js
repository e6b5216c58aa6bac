// The example course page's xAPI forwarder: what a host does with the lab's
// `retry-lab:task-completed` messages. The lab's statement has no actor (the
// lab knows no learner); the course adds its learner and sends it to its
// LRS through its own server (`?lrs=/path/to/statements`, same origin: LRS
// credentials never go into a page). Without `lrs=` it only lists them.
const endpoint = new URLSearchParams(location.search).get('lrs');
const list = document.getElementById('statements');
/** The course's learner: a real course takes it from its login. */
const learner = { objectType: 'Agent', name: 'Ana (ejemplo)', mbox: 'mailto:ana@example.org' };

/** One of the page's lab frames, if the message is its, from its lab's origin. */
const labFrame = (event) =>
  [...document.querySelectorAll('iframe[data-retry-lab-frame]')].find(
    (frame) => frame.contentWindow === event.source && new URL(frame.src, location.href).origin === event.origin,
  );

async function send(statement) {
  const item = document.createElement('li');
  item.textContent = `${statement.object.id}: `;
  list.append(item);
  if (!endpoint) {
    item.textContent += 'sin LRS (añade ?lrs=…)';
    return;
  }
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Experience-API-Version': '1.0.3' },
      body: JSON.stringify(statement),
    });
    item.textContent += response.ok ? `guardada (${(await response.json())[0]})` : `rechazada (${response.status})`;
  } catch (error) {
    item.textContent += `sin respuesta (${String(error).slice(0, 100)})`;
  }
}

addEventListener('message', (event) => {
  const message = event.data;
  if (!labFrame(event) || message?.version !== 1 || message.type !== 'retry-lab:task-completed') return;
  send({ actor: learner, ...message.statement, timestamp: new Date().toISOString() });
});
