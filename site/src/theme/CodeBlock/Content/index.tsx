// Registers Prism's extra languages (the site's `prism.additionalLanguages`) before the first code
// block is highlighted; `plugins/code-highlighting.ts` keeps the theme from doing it on every page.
import '@docusaurus/theme-classic/lib/prism-include-languages.js';
import Content from '@theme-original/CodeBlock/Content';

export default Content;
