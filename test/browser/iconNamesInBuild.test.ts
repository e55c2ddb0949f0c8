import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const assets = path.resolve(__dirname, '../../dist/assets');

/** The scripts of the production build (run after `npm run build`), by file name. */
const scripts = () => readdirSync(assets).filter((file) => file.endsWith('.js'));

/**
 * The build puts src/ui/blueprint/iconNames.ts in the place of @blueprintjs/icons' names: the table of
 * all 706 icon names (`blueprint-icons-16.js`) and change-case, which made `IconNames`, are in no
 * script but the lazy chunks of icon paths (and their loaders) that Blueprint loads for an icon named
 * by a string.
 */
describe('the icon names in the build', () => {
  it('has the table of every icon name in no script the console loads', () => {
    // `add-column-left` is an icon the console's and Blueprint's code never name.
    const withTable = scripts().filter((file) => /["']add-column-left["']|\bAddColumnLeft\b|ADD_COLUMN_LEFT/.test(readFileSync(path.join(assets, file), 'utf8')));
    expect(withTable.filter((file) => !/^blueprint-icons-(16|20)px-paths\./.test(file))).toEqual([]);
  });

  it('has change-case only in the lazy loaders of icon paths, and the names the code passes', () => {
    const code = scripts().map((file) => ({ file, script: readFileSync(path.join(assets, file), 'utf8') }));
    // no-case's (change-case's) expression that splits `CAMELCase`.
    const withChangeCase = code.filter(({ script }) => script.includes('/([A-Z])([A-Z][a-z])/g')).map(({ file }) => file);
    expect(withChangeCase.filter((file) => !file.startsWith('blueprint-icons-'))).toEqual([]);
    // The names Blueprint's code passes (TimezoneSelect's "caret-down" among them), as the build defines them.
    expect(code.some(({ script }) => /\[("[a-z0-9-]+",)*"caret-down"(,"[a-z0-9-]+")*\]/.test(script))).toBe(true);
  });
});
