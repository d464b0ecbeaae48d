// Prism highlights every `code[class*="language-"]` in the document by itself once loaded, unless
// told it is used manually; the code block renders its own tokens, so it must be, before
// prism-core runs (imports run in order, and this module is imported first).
(globalThis as { Prism?: { manual: boolean } }).Prism = { manual: true };
