// The width of a lane timeline's label as the browser draws it, for layoutTimeline's labelPx: an
// estimate of 6.4 px a letter gave a label room a few px wider or narrower than its letters, so a
// tap just inside a label's end could miss its mark, and a label could be placed over words it
// thought it cleared. Measured with a canvas at the font the page's CSS gives that very label.
//
// The page uses system fonts only (app.css's --font-body, no @font-face): there is no web font to
// wait for (document.fonts.ready), and the first measure of a string is the one the page draws.
import { markTone, type Mark } from '../../viz/timeline';
import type { LabelPx } from '../../viz/timelineLayout';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * The classes of a mark's group that its label's font follows (timeline.css: the pause, the TTL
 * running out, and the toned writes and answers are bold): MarkShape's group has them, and the
 * probe of the label's font has the same. The actor's colour and the current step's ring change
 * no font.
 */
export function labelFontClass(m: Pick<Mark, 'kind' | 'stale' | 'lost'>): string {
  const tone = markTone(m);
  return `lt-mark lt-${m.kind}${tone ? ` ${tone}` : ''}`;
}

/** Px by font and string: the page's recordings have a few hundred labels, each measured once. */
const measured = new Map<string, number>();
let canvas: CanvasRenderingContext2D | null | undefined;

/** The one canvas context that measures every label, or null where there is none (happy-dom). */
function context(): CanvasRenderingContext2D | null {
  if (canvas === undefined) {
    try {
      canvas = document.createElement('canvas').getContext('2d');
    } catch {
      canvas = null;
    }
  }
  return canvas;
}

/** Each probe's label texts by font class, kept: a later text size reads them again. */
const probeTexts = new WeakMap<SVGSVGElement, Map<string, SVGTextElement>>();

/**
 * The canvas font of a label of the given font class, read from the computed style of a text
 * like it in `probe` (an empty svg in the timeline's box, so that it inherits what the drawn
 * labels inherit). The probe's texts are made here, not by React: a layout asks for a class
 * before a render could have drawn its text.
 */
function probeFont(probe: SVGSVGElement, fontClass: string): { font: string; spacing: string } {
  let texts = probeTexts.get(probe);
  if (!texts) probeTexts.set(probe, (texts = new Map()));
  let text = texts.get(fontClass);
  if (!text) {
    const g = document.createElementNS(SVG_NS, 'g');
    g.setAttribute('class', fontClass);
    text = document.createElementNS(SVG_NS, 'text');
    text.setAttribute('class', 'lt-label');
    g.appendChild(text);
    probe.appendChild(g);
    texts.set(fontClass, text);
  }
  const s = getComputedStyle(text);
  return {
    font: `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`,
    spacing: s.letterSpacing === 'normal' ? '0px' : s.letterSpacing,
  };
}

/** Each probe's fonts, by text scale and font class: read once for each. */
const probeFonts = new WeakMap<SVGSVGElement, Map<string, { font: string; spacing: string }>>();

/**
 * A labelPx for layoutTimeline that measures each label at its font, or undefined where the
 * browser has no canvas (the layout then estimates). `k` is the text scale the page is at: the
 * labels' font size is in rem, so at another scale the fonts are read again.
 */
export function measuredLabelPx(probe: SVGSVGElement, k: number): LabelPx | undefined {
  const ctx = context();
  if (!ctx) return undefined;
  let fonts = probeFonts.get(probe);
  if (!fonts) probeFonts.set(probe, (fonts = new Map()));
  return (text, m) => {
    const fontClass = labelFontClass(m);
    let font = fonts.get(`${k} ${fontClass}`);
    if (!font) fonts.set(`${k} ${fontClass}`, (font = probeFont(probe, fontClass)));
    const key = `${font.font} ${font.spacing}\n${text}`;
    let px = measured.get(key);
    if (px === undefined) {
      ctx.font = font.font;
      if ('letterSpacing' in ctx) ctx.letterSpacing = font.spacing;
      px = ctx.measureText(text).width;
      measured.set(key, px);
    }
    return px;
  };
}
