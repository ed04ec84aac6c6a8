// The walls of eslint.config.js (STYLE.md 2-3) hold only if the lint gate fails on a breach. Each
// fixture is source text linted as if it sat at a path inside the repository, so no file that breaks
// a wall ever exists on disk.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..');

// import/no-cycle reads every importer from disk, and a fixture exists only as text.
const eslint = new ESLint({ cwd: repoRoot, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

async function lintAt(filePath: string, code: string) {
  const results = await eslint.lintText(code, { filePath: join(repoRoot, filePath) });
  return results.flatMap((result) => result.messages).map((m) => `${m.ruleId}: ${m.message}`);
}

// A zone only judges imports it can resolve, so a fixture must name files that exist.
function expectFilesExist(...paths: string[]) {
  for (const path of paths) expect(existsSync(join(repoRoot, path)), path).toBe(true);
}

const webFeatures = 'packages/web/src/features';

describe('walls between web features', () => {
  it("a feature importing another feature's internals fails lint", async () => {
    expectFilesExist(`${webFeatures}/search/searchMap.ts`);
    const fixture = "import { searchMap } from '../search/searchMap';\nexport const reused = searchMap;\n";

    expect(await lintAt(`${webFeatures}/map/fixture.ts`, fixture)).toEqual([
      expect.stringMatching(
        /^import\/no-restricted-paths: .*"\.\.\/search\/searchMap".*features never import each other/,
      ),
    ]);
  });

  it("the same import from a feature's subfolder fails lint too", async () => {
    const fixture = "import { searchMap } from '../../search/searchMap';\nexport const reused = searchMap;\n";

    expect(await lintAt(`${webFeatures}/map/components/fixture.ts`, fixture)).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: /),
    ]);
  });

  it('every feature folder is walled off from every other, a new one included', async () => {
    const features = readdirSync(join(repoRoot, webFeatures), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(features.length).toBeGreaterThan(1);
    for (const importer of features) {
      for (const imported of features.filter((f) => f !== importer)) {
        const internal = readdirSync(join(repoRoot, webFeatures, imported), { recursive: true, encoding: 'utf8' }).find(
          (file) => /\.tsx?$/.test(file),
        );
        const specifier = `../${imported}/${internal!.replace(/\.tsx?$/, '')}`;
        const fixture = `import * as internals from '${specifier}';\nexport const reused = internals;\n`;

        const messages = await lintAt(`${webFeatures}/${importer}/fixture.ts`, fixture);
        expect(messages, `${importer} → ${specifier}`).toEqual([
          expect.stringMatching(/^import\/no-restricted-paths: /),
        ]);
      }
    }
  });

  it('a feature importing the shell, shared widgets, core and its own files passes lint', async () => {
    expectFilesExist(
      'packages/web/src/shell/request/api.ts',
      'packages/web/src/ui/Spinner.tsx',
      'packages/core/src/rules/select-options.ts',
      `${webFeatures}/search/filterDraft.ts`,
    );
    const fixture = [
      "import { shellApi } from '../../shell/request/api';",
      "import { Spinner } from '../../ui/Spinner';",
      "import { toSelectOptions } from '@manway/core/rules/select-options';",
      "import * as filterDraft from './filterDraft';",
      'export const reused = [shellApi, Spinner, toSelectOptions, filterDraft];',
      '',
    ].join('\n');

    expect(await lintAt(`${webFeatures}/search/fixture.ts`, fixture)).toEqual([]);
  });
});

const serverModules = 'packages/server/src/modules';

describe('server modules meet only through services', () => {
  const modulesWithRepository = readdirSync(join(repoRoot, serverModules)).filter((module) =>
    existsSync(join(repoRoot, serverModules, module, 'repository.ts')),
  );
  const [importer, owner] = modulesWithRepository;

  it("a module importing another module's repository fails lint", async () => {
    const fixture = `import * as repository from '../${owner}/repository';\nexport const reused = repository;\n`;

    expect(await lintAt(`${serverModules}/${importer}/fixture.ts`, fixture)).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .*modules meet through services/),
    ]);
  });

  it("a module's own repository, another module's service, and tests reaching a repository pass lint", async () => {
    expectFilesExist(`${serverModules}/users/service.ts`);
    const ownCode = [
      "import * as ownRepository from './repository';",
      "import * as users from '../users/service';",
      'export const reused = [ownRepository, users];',
      '',
    ].join('\n');
    const testCode = `import * as repository from '../${owner}/repository';\nexport const reused = repository;\n`;

    expect(await lintAt(`${serverModules}/${importer}/fixture.ts`, ownCode)).toEqual([]);
    expect(await lintAt(`${serverModules}/${importer}/fixture.test.ts`, testCode)).toEqual([]);
  });
});
