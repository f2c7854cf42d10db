// How an element is painted, read from a screenshot of it: for states told apart by a fill, which
// forced colours (Windows High Contrast) may drop without changing a single computed value the
// reader could have noticed otherwise.
import type { Locator } from '@playwright/test';

/** The page's own background as painted, [r, g, b]: in forced colours, the system's Canvas. */
export async function pageBackground(locator: Locator): Promise<[number, number, number]> {
  return locator.page().evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number);
    return [r, g, b] as [number, number, number];
  });
}

/**
 * The share of the element's box, 0 to 1, painted in something other than the page's background:
 * near 1 for a filled button or swatch, small for an outlined one with a few words in it.
 */
export async function filledShare(locator: Locator): Promise<number> {
  const background = await pageBackground(locator);
  const png = await locator.screenshot({ animations: 'disabled' });
  return locator.page().evaluate(
    async ({ b64, bg }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const px = g.getImageData(0, 0, img.width, img.height).data;
      let filled = 0;
      for (let i = 0; i < px.length; i += 4) {
        const away =
          Math.abs(px[i]! - bg[0]) + Math.abs(px[i + 1]! - bg[1]) + Math.abs(px[i + 2]! - bg[2]);
        if (away > 60) filled++;
      }
      return filled / (px.length / 4);
    },
    { b64: png.toString('base64'), bg: background },
  );
}
