// An ESLint rule: no import cycle among the files of one TypeScript project, type-only imports counted.
// import-x/no-cycle always skips `import type` (it has no option to count it), yet a type loop still ties two layers
// together. Imports are resolved by TypeScript itself, with the project's own compiler options.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The compiler options of a tsconfig.json, read once. */
function compilerOptions(tsconfig) {
  const { config, error } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(tsconfig)).options;
}

/**
 * @param {{ tsconfig: string, within: string }} project the tsconfig.json whose options resolve the imports, and the
 *   folder whose files form the graph (imports that leave it cannot come back: they are not followed)
 */
export function createNoImportCycle({ tsconfig, within }) {
  const options = compilerOptions(tsconfig);
  const root = path.resolve(within) + path.sep;
  /** @type {Map<string, { mtimeMs: number, imports: string[] }>} a file's resolved imports, kept until it changes */
  const cache = new Map();

  function resolve(specifier, fromFile) {
    const resolved = ts.resolveModuleName(specifier, fromFile, options, ts.sys).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport) return undefined;
    const file = path.resolve(resolved.resolvedFileName);
    return file.startsWith(root) ? file : undefined;
  }

  function importsOf(file) {
    let mtimeMs;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return [];
    }
    const cached = cache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.imports;
    // preProcessFile lists every import, export…from and import() of a file, `import type` included.
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const imports = importedFiles.map(({ fileName }) => resolve(fileName, file)).filter(Boolean);
    cache.set(file, { mtimeMs, imports });
    return imports;
  }

  /** The shortest chain of imports from `start` back to `target`, or undefined. */
  function pathBack(start, target) {
    const cameFrom = new Map([[start, undefined]]);
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.shift();
      for (const next of importsOf(file)) {
        if (next === target) {
          const chain = [];
          for (let at = file; at !== undefined; at = cameFrom.get(at)) chain.unshift(at);
          return chain;
        }
        if (!cameFrom.has(next)) {
          cameFrom.set(next, file);
          queue.push(next);
        }
      }
    }
    return undefined;
  }

  return {
    meta: {
      type: 'problem',
      docs: { description: 'Forbid an import (type-only imports included) that closes a cycle of imports.' },
      schema: [],
      messages: { cycle: 'Import cycle, type-only imports counted: {{chain}}.' },
    },
    create(context) {
      const filename = path.resolve(context.physicalFilename);
      if (!filename.startsWith(root)) return {};
      function check(node) {
        if (node.source?.type !== 'Literal' || typeof node.source.value !== 'string') return;
        const target = resolve(node.source.value, filename);
        if (!target || target === filename) return;
        const chain = pathBack(target, filename);
        if (!chain) return;
        const names = [filename, ...chain, filename].map((file) => path.relative(root, file));
        context.report({ node, messageId: 'cycle', data: { chain: names.join(' → ') } });
      }
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}
