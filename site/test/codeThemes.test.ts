import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PrismTheme } from 'prism-react-renderer';
import { darkCodeTheme, lightCodeTheme } from '../src/config/codeThemes';

function channels(colour: string): number[] {
  const rgb = colour.match(/^rgb\((\d+), ?(\d+), ?(\d+)\)$/);
  if (rgb) return rgb.slice(1).map(Number);
  const hex = colour.match(/^#([0-9a-f]{6})$/i);
  if (hex) return [0, 2, 4].map((start) => parseInt(hex[1]!.slice(start, start + 2), 16));
  throw new Error(`Unreadable colour ${colour}`);
}

function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((value) => {
    const v = value / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2.1 contrast ratio between two colours given as channel lists. */
function contrast(a: number[], b: number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Every colour the theme gives text, with the token types that use it. */
function textColours(theme: PrismTheme): Array<[string, string]> {
  return [
    ['plain', theme.plain.color!],
    ...theme.styles.flatMap((style): Array<[string, string]> =>
      style.style.color === undefined ? [] : [[style.types.join(','), style.style.color]],
    ),
  ];
}

describe('code themes', () => {
  const cases = [
    // A highlighted line lays 10 % black (light mode) over the block's background.
    { name: 'light', theme: lightCodeTheme, highlight: 0.9 },
    { name: 'dark', theme: darkCodeTheme, highlight: 1 },
  ];
  for (const { name, theme, highlight } of cases) {
    test(`every token of the ${name} theme reaches 4.5:1 on its background and on a highlighted line`, () => {
      const background = channels(theme.plain.backgroundColor!);
      const highlighted = background.map((value) => Math.round(value * highlight));
      const failing = textColours(theme)
        .map(([types, colour]) => ({
          types,
          colour,
          ratio: Math.min(contrast(channels(colour), background), contrast(channels(colour), highlighted)),
        }))
        .filter(({ ratio }) => ratio < 4.5)
        .map(({ types, colour, ratio }) => `${types} ${colour} ${ratio.toFixed(2)}:1`);
      assert.deepEqual(failing, []);
    });
  }
});
