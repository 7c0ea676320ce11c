/**
 * A local ESLint rule, `layers/import-direction`: a relative import may cross from one runtime folder into
 * another only in an allowed direction (architecture rule 1, "layers import downward only").
 *
 * Options: `{ folders: { [folder]: string[] } }`. Each key of
 * `folders` is a repository-relative runtime folder (`electron/core`, `renderer`, …) and its value the folders
 * its files may import from; a file may always import from its own folder. An import whose target lies in
 * another runtime folder not listed, or outside every runtime folder (test/, bench/, scripts/, …), is
 * reported.
 * Package imports (`electron`, `node:*`, …) are left to `no-restricted-imports`.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const rel = (path) => relative(root, path).split(sep).join('/');
const within = (path, folder) => path === folder || path.startsWith(`${folder}/`);

/** The runtime folder that holds `path` (repository-relative), or undefined. The longest match wins. */
function folderOf(path, folders) {
  return folders.filter((folder) => within(path, folder)).sort((a, b) => b.length - a.length)[0];
}

const importDirection = {
  meta: {
    type: 'problem',
    docs: { description: 'Relative imports cross runtime folders only in the allowed directions (architecture rule 1).' },
    schema: [
      {
        type: 'object',
        properties: {
          folders: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['folders'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { folders: allowed } = context.options[0];
    const folders = Object.keys(allowed);
    const file = rel(context.filename);
    const own = folderOf(file, folders);
    if (!own) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = rel(resolve(dirname(context.filename), source.value));
      const theirs = folderOf(target, folders);
      if (theirs === own || (theirs && allowed[own].includes(theirs))) return;
      const may = allowed[own].length ? `only ${allowed[own].map((f) => `${f}/`).join(', ')}` : 'nothing outside itself';
      const where = theirs ? `${theirs}/` : 'no runtime folder';
      context.report({ node: source, message: `${own}/ may import ${may}; '${source.value}' is in ${where}.` });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'import-direction': importDirection } };
