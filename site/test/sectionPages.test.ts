import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LoadedVersion } from '@docusaurus/plugin-content-docs';
import { sectionPages } from '../plugins/section-pages';

function version(root: string): LoadedVersion {
  const doc = (id: string) => ({ id, permalink: `${root}/${id}`, unlisted: false });
  return {
    path: root,
    docs: [
      doc('Product/install/server'),
      doc('Product/install/prerequisites'),
      doc('Product/intro/overview'),
      doc('Product/components/sensor/setup'),
      doc('documentation/firebase-auth-setup'),
    ],
    sidebars: {
      docs: [
        {
          type: 'category',
          label: 'Product',
          items: [
            { type: 'category', label: 'Intro', items: [{ type: 'doc', id: 'Product/intro/overview' }] },
            {
              type: 'category',
              label: 'Install',
              items: [
                { type: 'doc', id: 'Product/install/prerequisites' },
                { type: 'doc', id: 'Product/install/server' },
              ],
            },
            {
              type: 'category',
              label: 'Components',
              items: [{ type: 'doc', id: 'Product/components/sensor/setup' }],
            },
          ],
        },
        { type: 'doc', id: 'documentation/firebase-auth-setup' },
      ],
    },
  } as unknown as LoadedVersion;
}

test('each folder of the documentation leads to its first page in the sidebar’s order, the root to the landing page', () => {
  assert.deepEqual(sectionPages(version('/es/docs')), {
    '/es/docs': '/es/docs/documentation/firebase-auth-setup',
    '/es/docs/Product': '/es/docs/Product/intro/overview',
    '/es/docs/Product/intro': '/es/docs/Product/intro/overview',
    '/es/docs/Product/install': '/es/docs/Product/install/prerequisites',
    '/es/docs/Product/components': '/es/docs/Product/components/sensor/setup',
    '/es/docs/Product/components/sensor': '/es/docs/Product/components/sensor/setup',
    '/es/docs/documentation': '/es/docs/documentation/firebase-auth-setup',
  });
});

test('a folder that is a page itself is left to its page', () => {
  const withIndex = version('/docs');
  (withIndex.docs as unknown as Array<{ id: string; permalink: string }>).push({
    id: 'Product/install/index',
    permalink: '/docs/Product/install/',
  });
  assert.equal(sectionPages(withIndex)['/docs/Product/install'], undefined);
});
