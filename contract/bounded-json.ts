/**
 * Schemas for values whose shape is open (operator parameters, a request's params before its method is known):
 * plain JSON, no deeper than maxDepth and no larger than maxBytes as JSON text. The check walks the value
 * iteratively and stops at the first breach, so a value nested a million levels deep costs no stack and is
 * refused before anything else (JSON.stringify, structuredClone, a reply) recurses into it.
 */
import { z } from 'zod';

/** A JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** How deep and how large an open value may be. */
export interface JsonBounds {
  /** Levels of arrays and objects; a scalar is depth 0, `{}` and `[]` are depth 1. */
  maxDepth: number;
  /** Length of its JSON text, in UTF-16 code units (bytes, for ASCII). */
  maxBytes: number;
}

/** Why a value is not bounded JSON, or null when it is. */
export function jsonBoundsBreach(value: unknown, bounds: JsonBounds): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let bytes = 0;
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === undefined) break;
    const { value: item, depth } = next;
    if (item === null || typeof item === 'boolean') bytes += 5;
    else if (typeof item === 'number') {
      if (!Number.isFinite(item)) return 'holds a number JSON cannot carry';
      bytes += String(item).length;
    } else if (typeof item === 'string') bytes += JSON.stringify(item).length;
    else if (typeof item === 'object') {
      if (depth + 1 > bounds.maxDepth) return `is nested deeper than ${bounds.maxDepth} levels`;
      if (Array.isArray(item)) {
        bytes += 2 + item.length;
        for (let i = item.length - 1; i >= 0; i -= 1) stack.push({ value: item[i], depth: depth + 1 });
      } else {
        const proto = Object.getPrototypeOf(item) as unknown;
        if (proto !== Object.prototype && proto !== null) return 'holds an object that is not plain JSON';
        const keys = Object.keys(item);
        bytes += 2 + keys.length;
        for (const key of keys) {
          bytes += JSON.stringify(key).length + 1;
          stack.push({ value: (item as Record<string, unknown>)[key], depth: depth + 1 });
        }
      }
    } else return `holds a ${typeof item}, which JSON cannot carry`;
    if (bytes > bounds.maxBytes) return `is larger than ${bounds.maxBytes} bytes of JSON`;
  }
  return null;
}

/** Any JSON value within the bounds. */
export function boundedJson(bounds: JsonBounds) {
  return z.custom<JsonValue>().superRefine((value, ctx) => {
    const breach = jsonBoundsBreach(value, bounds);
    if (breach !== null) ctx.addIssue({ code: 'custom', message: `the value ${breach}`, abort: true });
  });
}

/** A JSON object within the bounds (its own braces count as one level). */
export function boundedJsonObject(bounds: JsonBounds) {
  return boundedJson(bounds).pipe(z.record(z.string(), z.custom<JsonValue>()));
}

/** The bounds of operator parameters and other open fields of a capture. */
export const CAPTURE_JSON_BOUNDS: JsonBounds = { maxDepth: 8, maxBytes: 64 * 1024 };
