import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

const require = createRequire(import.meta.url);

/** The start of the method that recomputes the whole `<head>` from every mounted `<Head>`. */
const EMIT_CHANGE = 'r.emitChange=function(){var t,e,r=this.props.context';

/**
 * The head manager's change, made once for all the changes of one task: each `<Head>` of the
 * page (some twenty on a documentation page) recomputed the whole `<head>` from all of them as it
 * mounted, and asked for and cancelled an animation frame, so hydration spent about a third of its
 * time there (some 10 ms on a desktop, four times that on a phone). Batched, the last state of the
 * task is computed once and written in the next frame, as before. Only the browser's copy changes;
 * the server still collects the head synchronously while it renders.
 */
export function batchHeadChanges(source: string): string {
  if (source.split(EMIT_CHANGE).length !== 2)
    throw new Error('head-batching: react-helmet-async has changed; its emitChange was not found once');
  return `var headChangePending = false;\n${source.replace(
    EMIT_CHANGE,
    'r.emitChange=function(){var self=this;if(headChangePending)return;headChangePending=true;' +
      'queueMicrotask(function(){headChangePending=false;self.emitChangeNow()})},' +
      EMIT_CHANGE.replace('r.emitChange=', 'r.emitChangeNow='),
  )}`;
}

export default function headBatchingPlugin(context: LoadContext): Plugin {
  const library = require.resolve('react-helmet-async/lib/index.module.js', {
    paths: [path.dirname(require.resolve('@docusaurus/core/package.json'))],
  });
  // Its own imports (React aside, which the browser build maps to Preact) are pinned to the copies
  // it sees from where it is installed.
  const resolveFromLibrary = createRequire(library);
  const source = readFileSync(library, 'utf8').replace(/from"([^"./][^"]*)"/g, (statement, name: string) =>
    name === 'react' ? statement : `from${JSON.stringify(resolveFromLibrary.resolve(name))}`,
  );
  const patched = path.join(context.generatedFilesDir, 'head-batching', 'react-helmet-async.js');
  mkdirSync(path.dirname(patched), { recursive: true });
  writeFileSync(patched, batchHeadChanges(source));
  return {
    name: 'head-batching',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return { resolve: { alias: { 'react-helmet-async$': patched } } };
    },
  };
}
