import path from 'node:path';
import { readServerConfig } from './config.js';
import { precompressDirectory } from './static/precompress.js';

/**
 * Post-build step: turns Docusaurus output into what the server serves. Run by `npm run build`
 * after the site is built; takes the build folder as its argument (default: SITE_DIR).
 */
const siteDir = path.resolve(process.argv[2] ?? readServerConfig().siteDir);
const started = performance.now();
const compressed = await precompressDirectory(siteDir);
console.log(`Precompressed ${compressed} files in ${siteDir} (${Math.round(performance.now() - started)} ms).`);
