/**
 * The one rule every string of a request passes before its route's schema sees it (body, query
 * string and path parameters, keys included): no NUL character, which PostgreSQL's text cannot
 * hold, and no lone UTF-16 surrogate, which is not text at all (it becomes U+FFFD on the way to the
 * database and breaks the jsonb of the audit row). Refusing them where input enters gives a 400
 * naming the field on every route, present and future, instead of a failed query.
 */

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` can be stored and logged as it is. */
export const isSafeText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** Where an unsafe string sits: the path of keys and indexes from the top of the input. */
export type UnsafeText = { path: (string | number)[] };

type Step = { value: unknown; key: string | number | undefined; parent: Step | undefined };

const pathOf = (step: Step | undefined): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let s = step; s && s.key !== undefined; s = s.parent) path.push(s.key);
  return path.reverse();
};

/**
 * The first unsafe string in `data` (a value, or a key: then its parent's path). It walks with an
 * explicit stack and parent links, so a deeply nested body (a megabyte of `[[[…]]]`) costs linear
 * time and cannot exhaust the call stack. Undefined when everything is safe.
 */
export function findUnsafeText(data: unknown): UnsafeText | undefined {
  const stack: Step[] = [{ value: data, key: undefined, parent: undefined }];
  while (stack.length) {
    const step = stack.pop() as Step;
    const { value } = step;
    if (typeof value === 'string') {
      if (!isSafeText(value)) return { path: pathOf(step) };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: step });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (!isSafeText(key)) return { path: pathOf(step) };
        stack.push({ value: child, key, parent: step });
      }
    }
  }
  return undefined;
}
