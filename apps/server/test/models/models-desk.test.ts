import { translate, type Locale } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { deskCall } from '../catalogue/desk-helpers.js';

// The operators' models of the model center (issue 23, area review): add, edit, hide.
let t: TestApp;
let operator: Awaited<ReturnType<typeof createOperator>>;
let lora: string;
beforeAll(async () => {
  t = await buildTestApp();
  operator = await createOperator(t, ['review']);
  const types = await t.request({ method: 'GET', url: '/api/system/trainedModel/typeList' });
  lora = (types.json().data as { id: string; code: string }[]).find((type) => type.code === 'lora')!.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, locale?: Locale) =>
  deskCall(t, operator.token, method, `/models${path}`, payload, locale);

const newModel = (key: string) => ({
  key,
  typeId: lora,
  nameZh: '赛博朋克风格 LoRA',
  nameEn: 'Cyberpunk style LoRA',
  summaryZh: '霓虹与雨夜',
  summaryEn: 'Neon and rainy nights',
  introductionZh: '## 用法\n\n权重 0.8',
  introductionEn: '## Usage\n\nWeight 0.8',
  modelVersion: 'v2',
  baseModel: 'SDXL 1.0',
  licence: 'CreativeML Open RAIL++-M',
  source: 'Civitai',
  sourceUrl: 'https://civitai.com/models/1',
  sizeBytes: 228_000_000,
  reason: 'a popular LoRA',
});

/** The keys users see in the model center. */
async function center(query = '') {
  const response = await t.request({ method: 'GET', url: `/api/system/trainedModel/listByUser?pageSize=100${query}` });
  return (response.json().data.rows as { key: string }[]).map((row) => row.key);
}

const detail = (id: string) => t.request({ method: 'GET', url: `/api/system/trainedModel/${id}`, locale: 'en-US' });

describe('models of the model center', () => {
  it('an operator adds one, which users find at once; a key is taken once', async () => {
    const added = await call('POST', '', newModel('lora-cyberpunk'));
    expect(added.json().data).toMatchObject({ key: 'lora-cyberpunk', typeNameEn: 'LoRA', hidden: false, version: 1 });
    expect(await center(`&typeId=${lora}`)).toContain('lora-cyberpunk');
    const { id } = added.json().data as { id: string };
    expect((await detail(id)).json().data).toMatchObject({ name: 'Cyberpunk style LoRA', version: 'v2' });
    const twice = await call('POST', '', newModel('lora-cyberpunk'), 'zh-CN');
    expect(twice.json()).toMatchObject({
      code: 409,
      msg: translate('zh-CN', 'catalogueDesk.modelExists', { key: 'lora-cyberpunk' }),
      data: { field: 'key' },
    });
    const noType = await call('POST', '', { ...newModel('lora-nowhere'), typeId: '999999' });
    expect(noType.json()).toMatchObject({ code: 404, data: { field: 'typeId' } });
  });

  it('lists every model, hidden ones too, paged and filtered by type, hidden and a word of the name or key', async () => {
    const page = (await call('GET', '?pageSize=5')).json().data;
    expect(page.rows).toHaveLength(5);
    expect(page.total).toBeGreaterThanOrEqual(13);
    const loras = (await call('GET', `?typeId=${lora}&pageSize=100`)).json().data.rows as { typeNameEn: string }[];
    expect(new Set(loras.map((row) => row.typeNameEn))).toEqual(new Set(['LoRA']));
    const ink = (await call('GET', '?keyword=chinese-ink')).json().data.rows as { key: string; nameZh: string }[];
    expect(ink.map((row) => row.key)).toEqual(['lora-chinese-ink']);
  });

  it('an edit changes what users read; a stale one gets a 409; hidden, the model leaves the center', async () => {
    const { id } = (await call('POST', '', newModel('lora-watercolour'))).json().data as { id: string };
    const edit = { ...newModel('ignored'), nameEn: 'Watercolour LoRA', modelVersion: 'v3', version: 1 };
    const { key: _key, ...body } = edit;
    const edited = await call('PUT', `/${id}`, body);
    expect(edited.json().data).toMatchObject({ key: 'lora-watercolour', nameEn: 'Watercolour LoRA', version: 2 });
    expect((await detail(id)).json().data).toMatchObject({ name: 'Watercolour LoRA', version: 'v3' });
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const stale = await call('PUT', `/${id}`, body, locale);
      expect(stale.json()).toMatchObject({
        code: 409,
        msg: translate(locale, 'catalogueDesk.modelChanged', { id }),
        data: { field: 'version' },
      });
    }

    const hidden = await call('POST', `/${id}/hidden`, { hidden: true, version: 2, reason: 'licence withdrawn' });
    expect(hidden.json().data).toMatchObject({ hidden: true, version: 3 });
    expect(await center()).not.toContain('lora-watercolour');
    expect((await detail(id)).statusCode).toBe(404);
    expect((await call('GET', '?hidden=true')).json().data.rows.map((row: { id: string }) => row.id)).toEqual([id]);
    await call('POST', `/${id}/hidden`, { hidden: false, version: 3, reason: 'licence back' });
    expect(await center()).toContain('lora-watercolour');

    const rows = (await auditRowsOf(t, operator.userId)).filter((row) => row.target === `model:${id}`);
    expect(rows.map((row) => [row.action, row.reason])).toEqual([
      ['models.addModel', 'a popular LoRA'],
      ['models.updateModel', 'a popular LoRA'],
      ['models.hideModel', 'licence withdrawn'],
      ['models.showModel', 'licence back'],
    ]);
    expect(rows[1]).toMatchObject({
      before: { nameEn: 'Cyberpunk style LoRA' },
      after: { nameEn: 'Watercolour LoRA' },
    });
  });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`refuses bad input naming the field, in ${locale}`, async () => {
      const refusals: [object, string, string][] = [
        [{ ...newModel('Bad Key') }, 'key', 'validation.catalogueDesk.modelKey'],
        [{ ...newModel('lora-x'), sourceUrl: 'http://x' }, 'sourceUrl', 'validation.catalogueDesk.sourceUrl'],
        [{ ...newModel('lora-x'), sizeBytes: -1 }, 'sizeBytes', 'validation.catalogueDesk.sizeBytes'],
        [{ ...newModel('lora-x'), modelVersion: '' }, 'modelVersion', 'validation.catalogueDesk.modelVersion'],
        [{ ...newModel('lora-x'), nameEn: '' }, 'nameEn', 'validation.catalogueDesk.modelName'],
        [{ ...newModel('lora-x'), licence: '' }, 'licence', 'validation.catalogueDesk.licence'],
      ];
      for (const [payload, field, key] of refusals) {
        const response = await call('POST', '', payload, locale);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          msg: translate(locale, 'errors.validation', { field, reason: translate(locale, key) }),
          data: { field },
        });
      }
      const hide = await call('POST', '/1/hidden', { hidden: true, reason: 'x' }, locale);
      expect(hide.json().data.field).toBe('version');
      const missing = await call('POST', '/999999/hidden', { hidden: true, version: 1, reason: 'x' }, locale);
      expect(missing.json()).toMatchObject({
        code: 404,
        msg: translate(locale, 'catalogueDesk.modelNotFound', { id: '999999' }),
      });
    });
  }
});
