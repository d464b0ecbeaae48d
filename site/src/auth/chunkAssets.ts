/**
 * The members-chunks plugin names chunk files with a function, and for a chunk that was merged
 * into another (no file of its own) the bundler's runtime then answers `<name>.javascript`
 * where a string template gave a URL containing `undefined`, which Docusaurus skips when
 * prefetching. This restores that signal so no request is made for a file that does not exist.
 */
export const MERGED_CHUNK_SUFFIX = '.javascript';

export function skipMergedChunks(getChunkAsset: (chunkName: string) => string): (chunkName: string) => string {
  return (chunkName) => {
    const url = getChunkAsset(chunkName);
    return url.endsWith(MERGED_CHUNK_SUFFIX) ? 'undefined' : url;
  };
}
