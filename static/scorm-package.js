// The builder's SCORM 1.2 package: imsmanifest.xml and a launch page
// (index.html, launch.js, launch.css) that embeds one experiment by its
// absolute URL, written once, in config.js (an administrator changes it
// there when the lab moves, without building the package again).
import { zipTexts } from './package-zip.js';
import { escapeMarkup } from './tool-link.js';

/** The manifest: SCORM 1.2's required elements, one SCO. */
export function manifest({ identifier, title }) {
  const t = escapeMarkup(title);
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${escapeMarkup(identifier)}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="retry-lab-org">
    <organization identifier="retry-lab-org">
      <title>${t}</title>
      <item identifier="retry-lab-item" identifierref="retry-lab-sco" isvisible="true">
        <title>${t}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="retry-lab-sco" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/>
      <file href="config.js"/>
      <file href="launch.js"/>
      <file href="launch.css"/>
    </resource>
  </resources>
</manifest>
`;
}

/** The package's one setting: the lab's address (a JSON string in a script). */
export function configScript({ src }) {
  return `// Retry Lab: the lab this package opens. To serve it from elsewhere, change
// this address (keep its query: it holds the experiment and its options).
window.RETRY_LAB_CONFIG = { src: ${JSON.stringify(src)} };
`;
}

/** The launch page: the lab's frame (its address comes from config.js), a note. */
export function launchPage({ title, lang }) {
  return `<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'es'}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeMarkup(title)}</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="launch.css" />
  </head>
  <body>
    <p id="note" class="note" role="status" hidden></p>
    <iframe id="lab" title="${escapeMarkup(title)}" sandbox="allow-scripts allow-same-origin"></iframe>
    <script src="config.js"></script>
    <script src="launch.js"></script>
  </body>
</html>
`;
}

/** The zip's bytes; `launchJs` and `launchCss` are fetched from the lab. */
export function scormZip({ src, title, lang, identifier, launchJs, launchCss }) {
  return zipTexts({
    'imsmanifest.xml': manifest({ identifier, title }),
    'index.html': launchPage({ title, lang }),
    'config.js': configScript({ src }),
    'launch.js': launchJs,
    'launch.css': launchCss,
  });
}
