// @ts-check
// Reads the text of a configuration file (YAML, or JSON, which is YAML too) into a plain value,
// within limits on how many values it holds and how deep they nest, counting what its aliases
// repeat. Plain JavaScript importing only `yaml`: it runs in the worker thread of
// lib/config/read-yaml-worker.mjs, which Node loads as it is (the app's bundle never holds it).
//
// Trust boundary: the text is an editor's or an `agents:write` token's, hostile. Before the
// `yaml` package builds its document (about 1 KB of memory a value, and recursion as deep as
// the nesting), a pass over its lexer's tokens, which keeps no tree, refuses a file with more
// than `maxNodes` values or nested deeper than `maxDepth` (a bound a little above the real
// depth). The document is then walked once more, counting what aliases repeat: a "billion
// laughs" file is refused at the alias that would pass the limits, before any value is built.
// Every refusal is an error with the offset of the place in the text, never an exception.
import { Lexer, LineCounter, isAlias, isMap, isPair, isScalar, isSeq, parseDocument, visit } from 'yaml';

/** How deep a configuration file's values may nest, collections within collections (64). */
export const MAX_CONFIG_DEPTH = 64;

/**
 * How many values (keys, list items, scalars, with what aliases repeat) a file of at most
 * `maxBytes` may hold: one for every 8 bytes (131,072 for 1 MiB). A fleet's export has one
 * for every 12 bytes or more; a flow sequence `[1,1,1,…]` one for every 2.
 * @param {number} maxBytes
 * @returns {number}
 */
export function maxConfigNodesOf(maxBytes) {
  return Math.max(1024, Math.floor(maxBytes / 8));
}

/** @typedef {{ maxNodes: number; maxDepth: number }} ReadLimits */
/** @typedef {{ message: string; offset: number }} ReadError */
/**
 * Where each value starts in the text: an offset for a scalar or alias, null for a value left
 * empty, and for a collection its offset with its items' (a list) or its scalar keys' (a map:
 * key, the key's offset, the value's positions).
 * @typedef {number | null | { at: number; items: Positions[] } | { at: number; entries: [string, number, Positions][] }} Positions
 */
/**
 * What reading a file gives: its value when it has no errors, its errors, where its values are,
 * and the offset each line starts at (for lines and columns).
 * @typedef {{ value?: unknown; errors: ReadError[]; positions: Positions; lineStarts: number[] }} ReadYaml
 */

/**
 * Reads `text` within `limits`; never throws for anything the text holds.
 * @param {string} text
 * @param {ReadLimits} limits
 * @returns {ReadYaml}
 */
export function readYaml(text, limits) {
  const measured = measureTokens(text, limits);
  if (measured) return { errors: [measured], positions: null, lineStarts: [0, ...lineStartsBefore(text, measured.offset)] };
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const lineStarts = lineCounter.lineStarts;
  if (document.errors.length > 0) {
    return { errors: document.errors.map((error) => ({ message: error.message.split('\n', 1)[0] ?? error.message, offset: error.pos[0] })), positions: null, lineStarts };
  }
  const expanded = expansionError(document, limits);
  if (expanded) return { errors: [expanded], positions: null, lineStarts };
  const positions = positionsOf(document.contents);
  try {
    return { value: document.toJS({ maxAliasCount: 100 }), errors: [], positions, lineStarts };
  } catch (error) {
    // The `yaml` package's own guard on aliases, behind the count above.
    return { errors: [{ message: `The file could not be read: ${/** @type {Error} */ (error).message}`, offset: firstAliasOffset(document) }], positions: null, lineStarts };
  }
}

/**
 * The offsets the lines before `end` start at, after the first line.
 * @param {string} text
 * @param {number} end
 * @returns {number[]}
 */
function lineStartsBefore(text, end) {
  const starts = [];
  for (let at = text.indexOf('\n'); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

// The lexer's own marks, which are not part of the text: a document starts, a flow collection
// was left open, a scalar's text follows.
const DOCUMENT = '\u0002';
const FLOW_ERROR_END = '\u0018';
const SCALAR = '\u001f';

/**
 * The first place where the file passes a limit, by its tokens alone. Values are counted as the
 * lexer marks them (scalars, quoted scalars, aliases, flow collections, list items and explicit
 * keys). Depth: open flow collections, plus for block collections the depth of the nearest line
 * above indented less, plus the indicators (`-`, `?`, `:`) on the line itself.
 * @param {string} text
 * @param {ReadLimits} limits
 * @returns {ReadError | undefined}
 */
function measureTokens(text, { maxNodes, maxDepth }) {
  let offset = 0;
  let nodes = 0;
  let flow = 0;
  let atLineStart = true;
  let indent = 0;
  let scalarFollows = false;
  let blockScalar = false;
  /** @type {{ column: number; depth: number }[]} */
  const blocks = [];
  /** @type {{ column: number; depth: number } | undefined} */
  let line;
  for (const token of new Lexer().lex(text)) {
    if (token === DOCUMENT || token === FLOW_ERROR_END) continue;
    if (token === SCALAR) {
      scalarFollows = true;
      nodes += 1;
      if (nodes > maxNodes) return tooMany(maxNodes, offset);
      continue;
    }
    const at = offset;
    offset += token.length;
    if (scalarFollows) {
      scalarFollows = false;
      if (blockScalar) {
        // A block scalar's lines, up to its last line break: none of them opens anything.
        blockScalar = false;
        atLineStart = token.endsWith('\n');
        indent = 0;
      } else if (atLineStart && flow === 0) {
        atLineStart = false;
        line = startLine(blocks, indent);
      }
      continue;
    }
    if (token === '' || token === '\n' || token === '\r\n') {
      if (flow === 0) {
        atLineStart = true;
        indent = 0;
      }
      continue;
    }
    const first = token[0];
    if (first === ' ' || first === '\t') {
      if (atLineStart && flow === 0) indent = token.length;
      continue;
    }
    if (first === '#' || first === '%' || token === '\ufeff') continue;
    if (token === '---' || token === '...') {
      blocks.length = 0;
      atLineStart = false;
      line = undefined;
      continue;
    }
    if (atLineStart && flow === 0) {
      atLineStart = false;
      line = startLine(blocks, indent);
    }
    line ??= startLine(blocks, indent);
    if (flow === 0 && (first === '|' || first === '>')) blockScalar = true;
    switch (token) {
      case '-':
      case '?':
        nodes += 1;
        if (nodes > maxNodes) return tooMany(maxNodes, at);
        if (flow === 0) line.depth += 1;
        break;
      case ':':
        if (flow === 0) line.depth += 1;
        break;
      case '[':
      case '{':
        nodes += 1;
        if (nodes > maxNodes) return tooMany(maxNodes, at);
        flow += 1;
        break;
      case ']':
      case '}':
        flow = Math.max(0, flow - 1);
        break;
      default:
        if (first === '*' || first === '"' || first === "'") {
          nodes += 1;
          if (nodes > maxNodes) return tooMany(maxNodes, at);
        }
    }
    if (line.depth + flow > maxDepth) return tooDeep(maxDepth, at);
  }
  return undefined;

  /**
   * The line whose first token is at column `column`: nested in the nearest line above it
   * indented less.
   * @param {{ column: number; depth: number }[]} open
   * @param {number} column
   */
  function startLine(open, column) {
    while (open.length > 0 && /** @type {{ column: number }} */ (open.at(-1)).column >= column) open.pop();
    const started = { column, depth: open.at(-1)?.depth ?? 0 };
    open.push(started);
    return started;
  }
}

/**
 * @param {number} maxNodes
 * @param {number} offset
 * @returns {ReadError}
 */
function tooMany(maxNodes, offset) {
  return { message: `The file holds more than ${maxNodes} values (keys, list items and scalars, with what aliases repeat); split it, or raise CONFIG_MAX_BYTES`, offset };
}

/**
 * @param {number} maxDepth
 * @param {number} offset
 * @returns {ReadError}
 */
function tooDeep(maxDepth, offset) {
  return { message: `The file nests values deeper than ${maxDepth} levels here`, offset };
}

/** @typedef {{ nodes: number; depth: number }} Size */

/**
 * The first alias that makes the file pass a limit once expanded (more values than `maxNodes`
 * in all, nesting deeper than `maxDepth`), or an alias inside the collection it names. Aliases
 * name anchors before them, so each names a collection already measured or one still open
 * around it: the walk never follows an alias, and recurses only as deep as the text nests.
 * @param {import('yaml').Document} document
 * @param {ReadLimits} limits
 * @returns {ReadError | undefined}
 */
function expansionError(document, { maxNodes, maxDepth }) {
  /** @type {Map<unknown, Size>} */
  const sizes = new Map();
  /** @type {Set<unknown>} */
  const open = new Set();
  /** @type {ReadError | undefined} */
  let found;
  /**
   * @param {unknown} node
   * @param {number} level
   * @returns {Size}
   */
  const walk = (node, level) => {
    if (isAlias(node)) {
      const source = node.resolve(document);
      const at = node.range?.[0] ?? 0;
      if (open.has(source)) {
        found ??= { message: `The alias *${node.source} names a collection it is inside`, offset: at };
        return { nodes: 1, depth: 0 };
      }
      const size = sizes.get(source) ?? { nodes: 1, depth: 0 };
      if (level + size.depth > maxDepth) found ??= { message: `The alias *${node.source} nests values deeper than ${maxDepth} levels here`, offset: at };
      return size;
    }
    if (!isMap(node) && !isSeq(node)) return { nodes: 1, depth: 0 };
    if (level + 1 > maxDepth) found ??= tooDeep(maxDepth, node.range?.[0] ?? 0);
    open.add(node);
    const size = { nodes: 1, depth: 1 };
    for (const item of node.items) {
      for (const part of isPair(item) ? [item.key, item.value] : [item]) {
        if (found) break;
        const inner = walk(part, level + 1);
        size.nodes += inner.nodes;
        size.depth = Math.max(size.depth, inner.depth + 1);
        if (size.nodes > maxNodes) found ??= tooMany(maxNodes, rangeStart(part) ?? node.range?.[0] ?? 0);
      }
    }
    open.delete(node);
    sizes.set(node, size);
    return size;
  };
  walk(document.contents, 0);
  return found;
}

/**
 * @param {unknown} node
 * @returns {number | undefined}
 */
function rangeStart(node) {
  if (node === null || typeof node !== 'object' || !('range' in node) || !Array.isArray(node.range)) return undefined;
  return typeof node.range[0] === 'number' ? node.range[0] : undefined;
}

/**
 * @param {import('yaml').Document} document
 * @returns {number}
 */
function firstAliasOffset(document) {
  let offset = 0;
  visit(document, {
    Alias(_key, node) {
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return offset;
}

/**
 * Where each value of the document starts (recursion as deep as the text nests, which the
 * limits bound).
 * @param {unknown} node
 * @returns {Positions}
 */
function positionsOf(node) {
  const at = rangeStart(node);
  if (at === undefined) return null;
  if (isMap(node)) {
    /** @type {[string, number, Positions][]} */
    const entries = [];
    for (const pair of node.items) {
      if (isScalar(pair.key)) entries.push([String(pair.key.value), rangeStart(pair.key) ?? at, positionsOf(pair.value)]);
    }
    return { at, entries };
  }
  if (isSeq(node)) return { at, items: node.items.map(positionsOf) };
  return at;
}
