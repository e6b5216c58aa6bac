// The builder's H5P package (.h5p): content that frames one experiment
// through the H5P.RetryLab library (static/h5p/H5P.RetryLab-1.0/, packed in
// with it, so a platform that installs libraries from packages, such as
// Moodle for an administrator, needs nothing else). Loaded only when an
// author asks for it.
import { zipTexts } from './package-zip.js';

export const LIBRARY = 'H5P.RetryLab-1.0';
export const LIBRARY_FILES = ['library.json', 'semantics.json', 'retry-lab.js', 'retry-lab.css'];
const dependency = { machineName: 'H5P.RetryLab', majorVersion: 1, minorVersion: 0 };

/** h5p.json: the package's title, language and main library. */
export function h5pJson({ title, lang }) {
  return JSON.stringify(
    {
      title,
      language: lang === 'en' ? 'en' : 'es',
      mainLibrary: dependency.machineName,
      embedTypes: ['div'],
      license: 'U',
      preloadedDependencies: [dependency],
    },
    null,
    2,
  );
}

/** The zip's bytes; `library` holds the library's files' text, fetched from the lab. */
export function h5pZip({ src, title, lang, library }) {
  const files = {
    'h5p.json': h5pJson({ title, lang }),
    'content/content.json': JSON.stringify({ src, title }, null, 2),
  };
  for (const name of LIBRARY_FILES) files[`${LIBRARY}/${name}`] = library[name];
  return zipTexts(files);
}
