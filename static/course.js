// Parent side of the iframe embed: resize the frame to the height the lab
// reports. Accepts only messages from that frame, of the documented shape.
const MIN_HEIGHT_PX = 320;
const MAX_HEIGHT_PX = 6000;
const frame = document.getElementById('lab-frame');
const labOrigin = new URL(frame.src, location.href).origin;

window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.origin !== labOrigin) return;
  const data = event.data;
  if (data?.type !== 'retry-lab:resize' || data.version !== 1 || !Number.isFinite(data.height)) return;
  frame.style.height = `${Math.min(MAX_HEIGHT_PX, Math.max(MIN_HEIGHT_PX, Math.ceil(data.height)))}px`;
});
