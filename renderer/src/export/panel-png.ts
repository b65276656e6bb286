/**
 * A picture of one panel as PNG, made the same way in the Electron window and in a browser: the panel is cloned with
 * its computed styles into an SVG foreignObject and drawn on a canvas at 2×, its buttons and fields left out of the
 * drawing, the whole panel whatever part of it the window shows, what it scrolls inside itself unfolded. The page's
 * policy allows the data: and blob: images this needs (contract/csp.ts, one policy for both).
 */

/** Copies every computed style of the original onto the clone (CSSOM only: the page's CSP allows no style attributes). */
function copyStyles(original: Element, clone: Element): void {
  const computed = getComputedStyle(original);
  const style = (clone as HTMLElement | SVGElement).style;
  for (let i = 0; i < computed.length; i += 1) {
    const name = computed.item(i);
    style.setProperty(name, computed.getPropertyValue(name), computed.getPropertyPriority(name));
  }
}

/** The UI's controls: kept in the picture's layout but not drawn, so an export shows the evidence only. */
const CONTROLS = 'button, input, select, textarea, [role="toolbar"]';

/** The scale of a picture made in the page: 2 device pixels per CSS pixel, whatever the screen. */
const EXPORT_SCALE = 2;

/** Whether an element scrolls part of its content out of view (the A/B's table when more fields differ than fit). */
function scrollsContent(element: Element): boolean {
  const overflow = getComputedStyle(element).overflowY;
  return (overflow === 'auto' || overflow === 'scroll') && element.scrollHeight > element.clientHeight + 1;
}

/**
 * The elements of a panel a picture unfolds so that it holds the whole panel: every region that scrolls content out
 * of view, and each element between such a region and the panel (their heights were set by what the window had room
 * for). Empty when nothing is scrolled away: the picture is then the panel as it stands.
 */
function toUnfold(root: HTMLElement): Set<Element> {
  const out = new Set<Element>();
  for (const region of [root, ...Array.from(root.querySelectorAll('*'))].filter(scrollsContent)) {
    for (let at: Element | null = region; at !== null; at = at === root ? null : at.parentElement) out.add(at);
  }
  return out;
}

/** A deep clone with computed styles inlined, canvases replaced by images of their pixels, no interactive state, and
 * the regions in `unfold` at their full height. */
function cloneForPicture(original: Element, unfold: ReadonlySet<Element>): Element {
  if (original instanceof HTMLCanvasElement) {
    const image = document.createElement('img');
    image.src = original.toDataURL('image/png');
    image.width = original.width;
    image.height = original.height;
    copyStyles(original, image);
    return image;
  }
  const clone = original.cloneNode(false) as Element;
  copyStyles(original, clone);
  if (original.matches(CONTROLS)) (clone as HTMLElement).style.setProperty('visibility', 'hidden');
  if (unfold.has(original)) {
    const style = (clone as HTMLElement).style;
    style.setProperty('height', 'auto');
    style.setProperty('max-height', 'none');
    style.setProperty('overflow-y', 'visible');
  }
  for (const child of Array.from(original.childNodes)) {
    if (child instanceof Element) clone.append(cloneForPicture(child, unfold));
    else if (child.nodeType === Node.TEXT_NODE) clone.append(child.cloneNode());
  }
  return clone;
}

/** The CSS height of an unfolded clone, laid out out of sight at the panel's width. */
function unfoldedHeight(clone: HTMLElement, width: number): number {
  const holder = document.createElement('div');
  holder.style.setProperty('position', 'absolute');
  holder.style.setProperty('left', '-100000px');
  holder.style.setProperty('top', '0');
  holder.style.setProperty('width', `${width}px`);
  holder.append(clone);
  document.body.append(holder);
  const height = clone.getBoundingClientRect().height;
  holder.remove();
  return Math.ceil(height);
}

/** Draws an element into a PNG through an SVG foreignObject; works without any privileged API. */
async function elementToPngInPage(element: HTMLElement, scale = EXPORT_SCALE): Promise<Blob> {
  const box = element.getBoundingClientRect();
  const width = Math.ceil(box.width);
  const unfold = toUnfold(element);
  const clone = cloneForPicture(element, unfold) as HTMLElement;
  clone.style.setProperty('margin', '0');
  const height = unfold.size === 0 ? Math.ceil(box.height) : unfoldedHeight(clone, width);
  const xhtml = new XMLSerializer().serializeToString(clone);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<foreignObject x="0" y="0" width="100%" height="100%">${xhtml}</foreignObject></svg>`;
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(height * scale);
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('no 2D canvas');
  context.scale(scale, scale);
  context.fillStyle = getComputedStyle(document.body).backgroundColor;
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob === null ? reject(new Error('the canvas gave no PNG')) : resolve(blob)), 'image/png'),
  );
}

/** The element's PNG at EXPORT_SCALE, drawn in the page. */
export async function panelToPng(element: HTMLElement): Promise<{ png: Blob; scale: number }> {
  return { png: await elementToPngInPage(element), scale: EXPORT_SCALE };
}
