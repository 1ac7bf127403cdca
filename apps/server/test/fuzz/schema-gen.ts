import fc from 'fast-check';
import { z } from 'zod';

// Values generated from a route's zod schema (through its JSON Schema, as the OpenAPI document
// shows it): one valid value, the fields to attack (every property of every object, every
// array's items, every option of a union) and the hostile variants of each field.

/** The JSON Schema subset the contract's zod schemas produce. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

export type Where = 'params' | 'querystring' | 'body';
export type Path = (string | number)[];

/** The JSON Schema of a route's zod schema as a request is read (coercions, defaults: input side). */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A field of a route's input: where it is, its path, its schema, whether it must be there. */
export interface Field {
  where: Where;
  path: Path;
  schema: JsonSchema;
  required: boolean;
  /** The union options to take on the way to this field (by path key), so the field is there. */
  choices: Map<string, number>;
}

const key = (path: Path) => path.join('.');
const optionsOf = (s: JsonSchema) => s.anyOf ?? s.oneOf;
const isNull = (s: JsonSchema) => s.type === 'null';
const typeOf = (s: JsonSchema): string | undefined => {
  if (s.enum) return typeof s.enum[0] === 'string' ? 'string' : typeof s.enum[0];
  if (s.const !== undefined) return typeof s.const;
  return Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
};

/**
 * Every field below `schema` (the schema itself, path [], first): each property of each object,
 * the first item of each array, and through every option of a union.
 */
export function fieldsOf(where: Where, schema: JsonSchema): Field[] {
  const out: Field[] = [];
  const walk = (s: JsonSchema, path: Path, required: boolean, choices: Map<string, number>) => {
    const options = optionsOf(s);
    if (options) {
      const real = options.map((o, i) => [o, i] as const).filter(([o]) => !isNull(o));
      // A union with one real option (a nullable value) is that option.
      const [only] = real;
      if (real.length === 1 && only) return walk(only[0], path, required, choices);
      out.push({ where, path, schema: s, required, choices });
      for (const [option, i] of real) walkInside(option, path, new Map([...choices, [key(path), i]]));
      return;
    }
    out.push({ where, path, schema: s, required, choices });
    walkInside(s, path, choices);
  };
  const walkInside = (s: JsonSchema, path: Path, choices: Map<string, number>) => {
    if (s.properties) {
      for (const [name, child] of Object.entries(s.properties))
        walk(child, [...path, name], (s.required ?? []).includes(name), choices);
    }
    if (s.items) walk(s.items, [...path, 0], true, choices);
  };
  walk(schema, [], where !== 'body' || !optionsOf(schema)?.some(isNull), new Map());
  return out;
}

/** A value some fields must take to be valid beyond their schema (the caller's own id). */
export type Hint = (path: Path, schema: JsonSchema) => unknown;

const FORMATS: Record<string, string> = {
  uri: 'https://example.com/fuzz',
  url: 'https://example.com/fuzz',
  email: 'fuzz@example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
  'date-time': '2026-06-15T12:00:00.000Z',
  date: '2026-06-15',
};

/** A string the schema accepts: the pattern's, in the length bounds, else letters. */
function validString(s: JsonSchema, seed: number): string {
  const formatted = FORMATS[s.format ?? ''];
  if (formatted) return formatted;
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 8);
  if (s.pattern) {
    const samples = fc.sample(fc.stringMatching(new RegExp(s.pattern)), { seed, numRuns: 50 });
    // The longest that fits: a long match is the more likely to pass the rules beyond the pattern
    // (an airdrop's supply of at least one whole jetton).
    const fit = samples
      .filter((x) => x.length >= min && x.length <= max && x.length > 0)
      .sort((a, b) => b.length - a.length)[0];
    if (fit !== undefined) return fit;
    return samples[0] ?? '';
  }
  return 'fuzz'.padEnd(Math.max(min, Math.min(4, max)), 'z').slice(0, Math.max(max, min));
}

/**
 * A small number the schema accepts: `n`, the how-manieth number of the value, moved into the
 * bounds (so that of two numbers of one object, such as a start and an end, the later is larger).
 */
function validNumber(s: JsonSchema, count: number): number {
  const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
  const high = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : undefined);
  let n = count;
  if (low !== undefined && n < low) n = low;
  if (high !== undefined && n > high) n = high;
  return typeOf(s) === 'integer' ? Math.ceil(n) : n;
}

/**
 * A valid value of `schema`: every property (optional ones too, so they are exercised), one item
 * per array (or minItems), the first non-null union option unless `choices` names another.
 */
export function validValue(
  schema: JsonSchema,
  options: { hint?: Hint; choices?: Map<string, number>; seed?: number; numbers?: { n: number } } = {},
  path: Path = [],
): unknown {
  const numbers = options.numbers ?? { n: 0 };
  options = { ...options, numbers };
  const hinted = options.hint?.(path, schema);
  if (hinted !== undefined) return hinted;
  const opts = optionsOf(schema);
  if (opts) {
    const chosen = options.choices?.get(key(path)) ?? opts.findIndex((o) => !isNull(o));
    const option = opts[chosen];
    if (!option) throw new Error(`no option ${chosen} of the union at ${key(path)}`);
    return validValue(option, options, path);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(schema.properties ?? {}))
        out[name] = validValue(child, options, [...path, name]);
      return out;
    }
    case 'array': {
      const n = Math.max(1, schema.minItems ?? 0);
      return Array.from({ length: n }, (_, i) =>
        validValue(schema.items ?? {}, options, [...path, i === 0 ? 0 : i]),
      );
    }
    case 'string':
      return validString(schema, options.seed ?? 1);
    case 'integer':
    case 'number':
      return validNumber(schema, ++numbers.n);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/** JSON text a serializer cannot write from a value (`-0`), placed as is. */
export class Raw {
  constructor(readonly text: string) {}
}
/** The field is left out. */
export const MISSING = Symbol('missing');

export interface Variant {
  name: string;
  value: unknown;
  /** Holds a control character: refused with 400 naming the field (plugins/control-characters.ts). */
  control?: boolean;
}

const deepArray = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};
const deepObject = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};
const LOOKALIKES: Record<string, string> = { a: 'а', e: 'е', o: 'о', c: 'с', p: 'р', x: 'х' };
/** Latin a, e, o, c, p, x in the value as Cyrillic а, е, о, с, р, х (or an а put in front). */
export function lookalike(value: string): string {
  const swapped = value.replace(/[aeocpx]/g, (c) => LOOKALIKES[c] ?? c);
  return swapped === value ? `а${value}` : swapped;
}

/** Past this a body is refused by its size alone (app.ts BODY_LIMIT); the variant under it reaches the schema. */
const UNDER_BODY_LIMIT = 15_000;
export const DEEP = 1_000;
export const HUGE = 100_000;

/**
 * The hostile variants of one field, given its valid value: control characters, look-alike
 * letters, huge and deep values, every bound and one past it, odd numbers, wrong types, null,
 * missing and (for objects) an unknown extra property.
 */
export function variantsOf(field: Field, valid: unknown): Variant[] {
  const s = field.schema;
  const out: Variant[] = [];
  const add = (name: string, value: unknown, control = false) =>
    out.push(control ? { name, value, control } : { name, value });
  const type = typeOf(optionsOf(s)?.find((o) => !isNull(o)) ?? s);
  const text = typeof valid === 'string' ? valid : String(valid);

  // Present or not, null, and the wrong shapes.
  add('missing', MISSING);
  add('null', null);
  if (type !== 'string') add('string', 'fuzz');
  if (type !== 'integer' && type !== 'number') add('number', 7);
  if (type !== 'boolean') add('boolean', true);
  if (type !== 'array') add('array', [valid]);
  if (type !== 'object') add('object', { value: valid });
  add(`array ${DEEP} deep`, deepArray(DEEP));
  add(`object ${DEEP} deep`, deepObject(DEEP));

  // Control characters, in the value and as the whole value.
  add('NUL', '\u0000', true);
  add('NUL inside', `${text}\u0000`, true);
  add('escape', `${text}\u001b[31m`, true);
  add('line break', `${text}\n`, true);
  add('DEL', `${text}\u007f`, true);
  add('C1 control', `${text}\u0085`, true);

  if (type === 'string' || field.where !== 'body') {
    add('look-alike letters', lookalike(text));
    add('empty', '');
    add('spaces around', ` ${text} `);
    add(`huge (${HUGE / 1000} kB)`, 'a'.repeat(HUGE));
    if (field.where === 'body') add('just under the body limit', 'a'.repeat(UNDER_BODY_LIMIT));
    add('upper case', text.toUpperCase());
    add('emoji', `${text}🥚`);
    add('lone surrogate', `${text}\ud800`);
    add('right-to-left override', `\u202e${text}`);
    add('quote', `${text}'`);
    add('ending backslash', `${text}\\`);
    add('LIKE wildcards', `%${text}_`);
  }
  if (type === 'string') {
    const min = s.minLength;
    const max = s.maxLength;
    const fill = (n: number) => (text || 'a').repeat(Math.ceil(n / Math.max(1, text.length))).slice(0, n);
    if (min !== undefined && min > 0) {
      add('at minLength', fill(min));
      add('one under minLength', fill(min - 1));
    }
    if (max !== undefined) {
      add('at maxLength', fill(max));
      add('one past maxLength', fill(max + 1));
    }
    if (s.pattern) add('pattern broken', `${text}!`);
    if (s.enum) add('not in the enum', `${text}x`);
    if (s.format) add(`not a ${s.format}`, 'javascript:alert(1)');
  }

  if (type === 'integer' || type === 'number') {
    const bounds: [string, number, number][] = [];
    if (s.minimum !== undefined) bounds.push(['minimum', s.minimum, s.minimum - 1]);
    if (s.exclusiveMinimum !== undefined)
      bounds.push(['exclusiveMinimum', s.exclusiveMinimum + 1, s.exclusiveMinimum]);
    if (s.maximum !== undefined) bounds.push(['maximum', s.maximum, s.maximum + 1]);
    if (s.exclusiveMaximum !== undefined)
      bounds.push(['exclusiveMaximum', s.exclusiveMaximum - 1, s.exclusiveMaximum]);
    for (const [name, at, past] of bounds) {
      add(`at ${name} (${at})`, at);
      add(`one past ${name} (${past})`, past);
    }
    add('negative', -1);
    add('zero', 0);
    add('-0', new Raw('-0'));
    add('fractional', (typeof valid === 'number' ? valid : 1) + 0.5);
    add('1e308', 1e308);
    add('-1e308', -1e308);
    add('1e999 (infinite)', new Raw('1e999'));
    add('2^53', 2 ** 53);
    add('2^63', new Raw('9223372036854775808'));
    add('"NaN"', 'NaN');
    add('"Infinity"', 'Infinity');
    add('as text', String(valid));
    add('hex text', '0x10');
  }

  if (type === 'boolean') {
    add('"true"', 'true');
    add('1', 1);
  }

  if (type === 'array') {
    add('empty array', []);
    const max = s.maxItems ?? 1000;
    const item = Array.isArray(valid) && valid.length > 0 ? valid[0] : 1;
    add(
      `one past maxItems (${max + 1})`,
      Array.from({ length: max + 1 }, () => item),
    );
    add('object for array', { 0: item });
  }

  if (type === 'object') {
    const base = valid && typeof valid === 'object' ? valid : {};
    add('empty object', {});
    add('array for object', [base]);
    add('unknown extra property', { ...base, fuzzExtra: 'x' });
    add('__proto__ property', new Raw(protoText(base)));
  }
  return out;
}

/** The object as JSON text with an own "__proto__" key holding an object. */
function protoText(base: object): string {
  const text = JSON.stringify(base);
  return `{"__proto__":{"polluted":1}${text === '{}' ? '' : ','}${text.slice(1)}`;
}

/** A deep copy of `root` with the value at `path` replaced (or removed, for MISSING). */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(root)) {
    const copy = [...(root as unknown[])];
    const next = setAt(copy[head as number], rest, value);
    if (next === MISSING) copy.splice(head as number, 1);
    else copy[head as number] = next;
    return copy;
  }
  const copy = { ...(root as Record<string | number, unknown>) };
  const next = setAt(copy[head], rest, value);
  if (next === MISSING) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** JSON text of a value, with every {@link Raw} written as its text. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => {
    const raw = raws[Number(i)];
    if (raw === undefined) throw new Error(`no raw text ${i}`);
    return raw;
  });
}

/**
 * A value as text in a query string or a path segment: numbers as written, null as nothing,
 * arrays and objects as JSON.
 */
export function asText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (typeof value === 'string') return value;
  if (value === null) return '';
  return typeof value === 'object' ? jsonText(value) : String(value);
}

/** Percent-encoding that lets through a lone surrogate as its (invalid) UTF-8 bytes. */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split(/([\ud800-\udfff])/)
      .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  }
}

/** A query string from an object: arrays as repeated keys, null as a bare key, the rest as text. */
export function queryText(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === MISSING) continue;
    if (Array.isArray(value) && value.length < 50) {
      for (const item of value) pairs.push(`${encode(name)}=${encode(asText(item))}`);
    } else if (value === null) pairs.push(encode(name));
    else pairs.push(`${encode(name)}=${encode(asText(value))}`);
  }
  return pairs.join('&');
}
