// Retry Lab script mount: fills every [data-retry-lab] element (see README, "Embedding").
import init, { mount_all } from './retry-lab-web.js';

const here = new URL('./', import.meta.url);
if (!document.querySelector('link[data-retry-lab-style]')) {
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = new URL('style.css', here).href;
  style.dataset.retryLabStyle = '';
  document.head.append(style);
}
await init({ module_or_path: new URL('retry-lab-web_bg.wasm', here) });
mount_all(here.href);
