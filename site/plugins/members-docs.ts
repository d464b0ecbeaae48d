import type { LoadContext, Plugin } from '@docusaurus/types';
import docsPlugin, { validateOptions, type LoadedContent, type PluginOptions } from '@docusaurus/plugin-content-docs';

export { validateOptions };

interface DocsGlobalData {
  versions: Array<{ docs: unknown[]; draftIds?: unknown[] }>;
}

/**
 * Docusaurus's docs plugin, minus the list of every documentation page (id, path, sidebar) it
 * puts into the global data that every page's main bundle carries. Nothing in the browser needs
 * that list: the members' pages bring their own sidebar and metadata from their locked chunks,
 * the navbar's documentation link names its page by path, and the server, not the browser,
 * decides who may read. Everything else is the plugin as it is.
 */
export default async function membersDocsPlugin(
  context: LoadContext,
  options: PluginOptions,
): Promise<Plugin<LoadedContent>> {
  const plugin = await docsPlugin(context, options);
  return {
    ...plugin,
    async contentLoaded(args) {
      await plugin.contentLoaded?.({
        ...args,
        actions: {
          ...args.actions,
          setGlobalData: (data: unknown) => {
            const global = data as DocsGlobalData;
            args.actions.setGlobalData({
              ...global,
              versions: global.versions.map((version) => ({ ...version, docs: [], draftIds: [] })),
            });
          },
        },
      });
    },
  };
}
