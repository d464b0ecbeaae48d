import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { signInAt } from './auth';

/** What the keyboard's focus looks like on the element that has it. */
interface Ring {
  element: string;
  style: string;
  width: string;
  /** The ring's contrast with the colours around it (the lowest, over a gradient). */
  contrast: number;
}

/**
 * The focused element's ring in each theme, and its contrast (WCAG) with what it is drawn on: the
 * background around the element for a ring outside it, its own for a ring inside it. The theme is
 * switched as the toggle does, with the colour transitions run to their end before reading.
 */
function focusRings(page: Page): Promise<Record<'light' | 'dark', Ring> | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const root = document.documentElement;
    const shown = root.getAttribute('data-theme');
    const inTheme = (theme: 'light' | 'dark') => {
      root.setAttribute('data-theme', theme);
      // Reading a style applies the switch, which starts the colour transitions.
      void getComputedStyle(element).outlineColor;
      for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
      return ringOf(element);
    };
    const rings = { light: inTheme('light'), dark: inTheme('dark') };
    if (shown) root.setAttribute('data-theme', shown);
    return rings;

    function ringOf(element: HTMLElement): Ring {
      const style = getComputedStyle(element);
      const parse = (colour: string) => {
        const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
        return { r, g, b, a };
      };
      const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
        const channel = (value: number) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      /** The colours painted behind a point of `from`: its background, or its nearest painted ancestor's. */
      const backgroundsOf = (from: Element | null): Array<{ r: number; g: number; b: number }> => {
        for (let node = from; node; node = node.parentElement) {
          const painted = getComputedStyle(node);
          const gradient = painted.backgroundImage.match(/rgba?\([^)]*\)/g);
          if (gradient) return gradient.map(parse);
          const colour = parse(painted.backgroundColor);
          if (colour.a > 0.5) return [colour];
        }
        return [{ r: 255, g: 255, b: 255 }];
      };
      const ring = parse(style.outlineColor);
      const behind = backgroundsOf(parseFloat(style.outlineOffset) < 0 ? element : element.parentElement);
      const contrast = Math.min(
        ...behind.map((colour) => {
          const [light, dark] = [luminance(ring), luminance(colour)].sort((a, b) => b - a);
          return (light! + 0.05) / (dark! + 0.05);
        }),
      );
      const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} "${(element.textContent ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`;
      return {
        element: name,
        style: style.outlineStyle,
        width: style.outlineWidth,
        contrast: Math.round(contrast * 100) / 100,
      };
    }
  });
}

/** Tabs through the page (at most `stops` times) and reports every control whose ring falls short. */
async function weakRings(page: Page, stops: number): Promise<string[]> {
  const weak: string[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < stops; index += 1) {
    await page.keyboard.press('Tab');
    const rings = await focusRings(page);
    if (!rings || seen.has(rings.light.element)) continue;
    seen.add(rings.light.element);
    for (const [theme, ring] of Object.entries(rings))
      if (ring.style !== 'solid' || ring.width !== '2px' || ring.contrast < 3)
        weak.push(`${ring.element} (${theme}): ${ring.style} ${ring.width}, ${ring.contrast}:1`);
  }
  expect(seen.size).toBeGreaterThan(5);
  return weak;
}

for (const width of [1280, 390]) {
  test(`every control the keyboard reaches shows a 2 px ring of at least 3:1, in both themes (${width} px)`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    consoleErrors.allow(/status of 404 \(Not Found\)/);
    await page.setViewportSize({ width, height: 850 });
    for (const path of ['/', '/es/labs', '/blog', '/no/such/page', '/search?q=sentinel']) {
      await page.goto(path);
      await waitForHydration(page);
      expect.soft(await weakRings(page, 70), path).toEqual([]);
    }
    await signInAt(page, '/docs/IntrusionSentinel/operations/hardening');
    await waitForHydration(page);
    expect.soft(await weakRings(page, 90), 'documentation page').toEqual([]);
  });
}

test('a filled button shows its ring outside it, on the page around it', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const button = page.getByRole('link', { name: 'Explore our labs' });
  await button.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  const ring = await button.evaluate((element) => {
    const style = getComputedStyle(element);
    return [style.outlineStyle, style.outlineWidth, style.outlineOffset, style.outlineColor];
  });
  expect(ring).toEqual(['solid', '2px', '2px', 'rgb(255, 255, 255)']);
});
