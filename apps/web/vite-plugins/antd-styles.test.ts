// @vitest-environment node
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAst } from 'vite';
import { antdPrefixUsage, pruneAntdStylesheet, withoutStyleFunctions, type PrefixUsage } from './antd-styles.ts';

let sourceDir: string | undefined;

afterEach(async () => {
  if (sourceDir) {
    await rm(sourceDir, { recursive: true, force: true });
  }
});

async function usageOf(files: Record<string, string>): Promise<PrefixUsage> {
  sourceDir = await mkdtemp(path.join(os.tmpdir(), 'antd-styles-'));
  for (const [name, code] of Object.entries(files)) {
    await writeFile(path.join(sourceDir, name), code);
  }
  return antdPrefixUsage(sourceDir);
}

describe("antd's class prefixes the console can render", () => {
  it('follows a component into the components it draws, and leaves out what is only imported as a type', async () => {
    const usage = await usageOf({
      'page.tsx': "import { Table, type TableProps } from 'antd';\nimport type { ModalProps } from 'antd';\n",
      'page.test.tsx': "import { Slider } from 'antd';\n",
    });
    expect([...usage.used]).toEqual(expect.arrayContaining(['table', 'pagination', 'checkbox', 'dropdown', 'spin']));
    expect(usage.used.has('modal')).toBe(false);
    expect(usage.used.has('slider')).toBe(false);
    expect(usage.all.has('slider')).toBe(true);
  });

  it('reads the names of a multi-line import, renamed ones included', async () => {
    const usage = await usageOf({ 'form.tsx': "import {\n  Button as AntButton,\n  Input,\n} from 'antd';\n" });
    expect([...usage.used]).toEqual(expect.arrayContaining(['btn', 'wave', 'input']));
    expect(usage.used.has('table')).toBe(false);
  });

  it('stops the build on an import of antd whose names it cannot read', async () => {
    await expect(usageOf({ 'page.tsx': "import * as antd from 'antd';\n" })).rejects.toThrow(
      /imports antd as "\* as antd"/,
    );
    await expect(usageOf({ 'page.tsx': "import antd, { Button } from 'antd';\n" })).rejects.toThrow(
      /name the components/,
    );
  });

  it('stops the build on a name antd does not export', async () => {
    await expect(usageOf({ 'page.tsx': "import { Buton } from 'antd';\n" })).rejects.toThrow(
      /no component named Buton/,
    );
  });
});

describe("antd's stylesheet without the components the console never renders", () => {
  const usage: PrefixUsage = {
    all: new Set(['btn', 'table', 'input', 'input-number']),
    used: new Set(['btn', 'input']),
  };
  const prune = (css: string) => pruneAntdStylesheet(css, usage).replace(/\s+/g, ' ').trim();

  it('drops the rules of a component not rendered and keeps the rest of a selector list', () => {
    expect(prune('.ant-table{color:red}.ant-btn{color:blue}')).toBe('.ant-btn{color:blue}');
    expect(prune('.ant-btn .ant-table-cell,.ant-btn-primary{margin:0}')).toBe('.ant-btn-primary{margin:0}');
    expect(prune('.ant-table-css-var [class^="ant-table"]{box-sizing:border-box}')).toBe('');
  });

  it('keeps a rule that only excludes an absent class, or names it inside a selector function', () => {
    expect(prune('.ant-btn:not(.ant-table){color:red}')).toBe('.ant-btn:not(.ant-table){color:red}');
    expect(prune(':where(.ant-table,.ant-btn) a{color:red}')).toBe(':where(.ant-table,.ant-btn) a{color:red}');
  });

  it("keeps a class a rendered component draws under a longer prefix's name, and classes of no component", () => {
    expect(prune('.ant-input-number-handler{width:0}')).toBe('.ant-input-number-handler{width:0}');
    expect(prune('.ant-slide-up-enter{opacity:0}')).toBe('.ant-slide-up-enter{opacity:0}');
    expect(prune('.anticon{display:inline-flex}')).toBe('.anticon{display:inline-flex}');
  });

  it('drops an at-rule left empty and keeps keyframes', () => {
    expect(prune('@media (max-width:575px){.ant-table{display:none}}')).toBe('');
    expect(prune('@media (max-width:575px){.ant-table{display:none}.ant-btn{display:block}}')).toBe(
      '@media (max-width:575px){.ant-btn{display:block}}',
    );
    expect(prune('@keyframes antFadeIn{0%{opacity:0}to{opacity:1}}')).toBe(
      '@keyframes antFadeIn{0%{opacity:0}to{opacity:1}}',
    );
  });
});

describe("antd's style modules without their style functions", () => {
  it('hands each style hook factory a function that makes no style, and keeps its other arguments', () => {
    const code = [
      "import { genFocusStyle } from '../../style';",
      'const genTagStyle = (token) => ({ [token.componentCls]: genFocusStyle(token) });',
      'export const prepareComponentToken = (token) => ({ defaultBg: token.colorFillQuaternary });',
      "export default genStyleHooks('Tag', (token) => [genTagStyle(token)], prepareComponentToken, { order: 1 });",
      "export const Sub = genSubStyleComponent(['Tag', 'sub'], function (token) { return genTagStyle(token); }, prepareComponentToken);",
    ].join('\n');
    const edited = withoutStyleFunctions(code);
    expect(edited).toContain("genStyleHooks('Tag', () => [], prepareComponentToken, { order: 1 })");
    expect(edited).toContain("genSubStyleComponent(['Tag', 'sub'], () => [], prepareComponentToken)");
    expect(edited).toContain(
      'export const prepareComponentToken = (token) => ({ defaultBg: token.colorFillQuaternary });',
    );
  });

  it("leaves antd's own menu style module valid, with its tokens and without its style functions", async () => {
    const file = createRequire(import.meta.url).resolve('antd/es/menu/style/index.js');
    const code = await readFile(file, 'utf8');
    const edited = withoutStyleFunctions(code);
    expect(() => parseAst(edited)).not.toThrow();
    expect(edited).toContain('export const prepareComponentToken');
    expect(edited).toMatch(/genStyleHooks\('Menu', \(\) => \[\], prepareComponentToken/);
    expect(edited.length).toBeLessThan(code.length);
  });
});
