import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `architecture/no-module-cycle`: no cycle between the server's modules (apps/server/src/modules/*),
 * counted module to module, not file to file (import-x/no-cycle sees files: the ledger importing
 * the tasks' index while the tasks' service imports the ledger's is no file cycle, yet the two
 * modules depend on each other). An import of another module is reported when that module leads
 * back to this one through value imports (type-only imports are erased and ignored).
 */

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^;]*?from\s+'\.\.\/([\w-]+)\/[^']*'/g;

const fileEdges = new Map();

/** The modules a module's files on disk import (values), the linted file left out. */
function diskGraph(modulesDir, skipFile) {
  const graph = new Map();
  for (const module of readdirSync(modulesDir, { withFileTypes: true })) {
    if (!module.isDirectory()) continue;
    const targets = new Set();
    for (const name of readdirSync(path.join(modulesDir, module.name))) {
      if (!name.endsWith('.ts')) continue;
      const file = path.join(modulesDir, module.name, name);
      if (file === skipFile) continue;
      if (!fileEdges.has(file)) {
        const found = new Set();
        for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) if (!match[2]) found.add(match[3]);
        fileEdges.set(file, found);
      }
      for (const target of fileEdges.get(file)) if (target !== module.name) targets.add(target);
    }
    graph.set(module.name, targets);
  }
  return graph;
}

/** A path of modules from `from` to `to`, or undefined. */
function pathBetween(graph, from, to) {
  const previous = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length > 0) {
    const module = queue.shift();
    if (module === to) {
      const steps = [];
      for (let at = to; at !== undefined; at = previous.get(at)) steps.unshift(at);
      return steps;
    }
    for (const next of graph.get(module) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, module);
      queue.push(next);
    }
  }
  return undefined;
}

/** A rule's options: where the modules are. */
const moduleOptions = [
  {
    type: 'object',
    properties: { modulesDir: { type: 'string' } },
    additionalProperties: false,
  },
];

/** The module of the linted file (apps/server/src/modules/<module>/…), or undefined outside one. */
function moduleOfFile(context, modulesDir) {
  const relative = path.relative(modulesDir, path.resolve(context.cwd, context.filename));
  if (relative.startsWith('..') || !relative.includes(path.sep)) return undefined;
  return { module: relative.split(path.sep)[0], relative };
}

const modulesDirOf = (context) =>
  path.resolve(context.cwd, context.options[0]?.modulesDir ?? 'apps/server/src/modules');

const noModuleCycle = {
  meta: {
    type: 'problem',
    schema: moduleOptions,
    messages: { cycle: 'Module cycle: {{cycle}}. A module depends on another one way only.' },
  },
  create(context) {
    const modulesDir = modulesDirOf(context);
    const filename = path.resolve(context.cwd, context.filename);
    const { module } = moduleOfFile(context, modulesDir) ?? {};
    if (!module) return {};
    const imports = [];
    const collect = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const match = /^\.\.\/([\w-]+)\//.exec(source);
      if (!match || match[1] === module) return;
      const typeOnly =
        node.importKind === 'type' ||
        node.exportKind === 'type' ||
        (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
      if (!typeOnly) imports.push({ node, target: match[1] });
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      'Program:exit'() {
        if (imports.length === 0) return;
        const graph = diskGraph(modulesDir, filename);
        const own = graph.get(module) ?? new Set();
        for (const { target } of imports) own.add(target);
        graph.set(module, own);
        for (const { node, target } of imports) {
          const back = pathBetween(graph, target, module);
          if (back)
            context.report({ node, messageId: 'cycle', data: { cycle: [module, ...back].join(' → ') } });
        }
      },
    };
  },
};

/** Each table's owner: the module whose `*.schema.ts` declares it (`pgTable('name', …)`). */
const tableOwners = new Map();
function ownersOf(modulesDir) {
  let owners = tableOwners.get(modulesDir);
  if (owners) return owners;
  owners = new Map();
  for (const module of readdirSync(modulesDir, { withFileTypes: true })) {
    if (!module.isDirectory()) continue;
    for (const name of readdirSync(path.join(modulesDir, module.name))) {
      if (!name.endsWith('.schema.ts')) continue;
      const text = readFileSync(path.join(modulesDir, module.name, name), 'utf8');
      for (const match of text.matchAll(/pgTable\(\s*'([a-z_]+)'/g)) owners.set(match[1], module.name);
    }
  }
  tableOwners.set(modulesDir, owners);
  return owners;
}

const SQL_TABLE = /\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi;

/**
 * `architecture/no-foreign-table-sql`: SQL written as text (a raw statement, a `sql` template's
 * text) names no table of another module: what the import zones cannot see.
 */
const noForeignTableSql = {
  meta: {
    type: 'problem',
    schema: moduleOptions,
    messages: {
      foreign:
        "SQL text names {{table}}, a table of the {{owner}} module: read or write it through the {{owner}} module's index.ts.",
    },
  },
  create(context) {
    const modulesDir = modulesDirOf(context);
    const { module, relative } = moduleOfFile(context, modulesDir) ?? {};
    if (!module || relative.endsWith('.schema.ts')) return {};
    const owners = ownersOf(modulesDir);
    const check = (node, text) => {
      for (const match of text.matchAll(SQL_TABLE)) {
        const owner = owners.get(match[1]);
        if (!owner || owner === module) continue;
        context.report({ node, messageId: 'foreign', data: { table: match[1], owner } });
      }
    };
    return {
      TemplateElement: (node) => check(node, node.value.raw),
      Literal: (node) => {
        if (typeof node.value === 'string') check(node, node.value);
      },
    };
  },
};

export default { rules: { 'no-module-cycle': noModuleCycle, 'no-foreign-table-sql': noForeignTableSql } };
