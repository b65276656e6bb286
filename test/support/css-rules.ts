/**
 * What a stylesheet of the renderer sets on a rendered element: jsdom loads no CSS, so the file is read and its
 * rules matched against the element here, the later rule winning as in the cascade of rules of equal weight.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths';

/** One rule: its selectors and its declarations. */
interface Rule {
  selectors: string[];
  declarations: Map<string, string>;
}

/** The flat rules of a stylesheet (the renderer's files nest no rules). */
function rulesOf(cssText: string): Rule[] {
  const text = cssText.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({
    selectors: (m[1] ?? '').split(',').map((s) => s.trim()),
    declarations: new Map(
      (m[2] ?? '')
        .split(';')
        .map((d) => d.split(':'))
        .filter((parts) => parts.length >= 2)
        .map(([name, ...value]) => [(name ?? '').trim(), value.join(':').trim()]),
    ),
  }));
}

/** The value a stylesheet (a path from the repository root) sets for `property` on `element`, or null. */
export function cssValue(element: Element, file: string, property: string): string | null {
  let value: string | null = null;
  for (const rule of rulesOf(readFileSync(path.join(ROOT, file), 'utf8'))) {
    const matches = rule.selectors.some((selector) => {
      try {
        return element.matches(selector);
      } catch {
        return false; // a selector jsdom cannot parse matches nothing here
      }
    });
    const set = rule.declarations.get(property);
    if (matches && set !== undefined) value = set;
  }
  return value;
}
