import { translate, type Locale } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createRenter,
  runningApplication,
  startComputeApp,
  statusOf,
} from '../applications/application-helpers.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { deskCall, deskImages, deskImageTypes, newImage, typeNamed, userCatalogue } from './desk-helpers.js';

// The operators' catalogue desk (issue 23, area review): official images, their types and the banner.
let t: TestApp;
let operator: Awaited<ReturnType<typeof createOperator>>;
let llm: string;
beforeAll(async () => {
  ({ t } = await startComputeApp());
  operator = await createOperator(t, ['review']);
  llm = (await typeNamed(t, operator.token, 'LLM inference')).id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, locale?: Locale) =>
  deskCall(t, operator.token, method, path, payload, locale);

async function addImage(name: string) {
  const added = await call('POST', '/images', newImage(llm, name));
  expect(added.statusCode).toBe(200);
  return added.json().data as { id: string; version: number; hidden: boolean };
}

const hide = (id: string, hidden: boolean, version: number) =>
  call('POST', `/images/${id}/hidden`, { hidden, version, reason: hidden ? 'licence lapsed' : 'licence renewed' });

const imageDetail = (id: string) =>
  t.request({ method: 'GET', url: `/api/system/applicationImage/getApplicationImageById/${id}`, locale: 'en-US' });

/** A 400 naming `field`, with that field's own reason in the caller's language. */
function expectRefused(
  response: { statusCode: number; json(): { msg: string; data: { field: string } } },
  field: string,
  key: string,
  locale: Locale,
) {
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body.data.field).toBe(field);
  expect(body.msg).toBe(translate(locale, 'errors.validation', { field, reason: translate(locale, key) }));
}

describe('official images', () => {
  it('an operator adds one: users see it in the catalogue at once, and the audit row keeps the reason', async () => {
    const image = await addImage('JAX 0.4 + JupyterLab');
    expect(image).toMatchObject({ hidden: false, version: 1 });
    expect((await userCatalogue(t)).images).toContain('JAX 0.4 + JupyterLab');
    expect((await imageDetail(image.id)).json().data).toMatchObject({
      name: 'JAX 0.4 + JupyterLab',
      summary: 'A JAX environment with CUDA 12.4',
      introduction: '## What is inside\n\nJAX 0.4',
      type: { id: llm, name: 'LLM inference' },
      minGpuMemoryGb: 16,
    });
    const [row] = (await auditRowsOf(t, operator.userId)).filter((audit) => audit.target === `image:${image.id}`);
    expect(row).toMatchObject({
      area: 'review',
      action: 'catalogue.addImage',
      reason: 'customers asked for JAX',
      before: null,
      after: { name: 'JAX 0.4 + JupyterLab', hidden: false },
    });

    const twice = await call('POST', '/images', newImage(llm, 'JAX 0.4 + JupyterLab'), 'zh-CN');
    expect(twice.json()).toMatchObject({
      code: 409,
      msg: translate('zh-CN', 'catalogueDesk.imageExists', { name: 'JAX 0.4 + JupyterLab' }),
      data: { field: 'name' },
    });
    const noType = await call('POST', '/images', newImage('999999', 'Nowhere'));
    expect(noType.json()).toMatchObject({ code: 404, data: { field: 'typeId' } });
  });

  it('lists official images only, paged and filtered by type, hidden or shown, and a word of the name', async () => {
    const all = await call('GET', '/images?pageSize=2');
    expect(all.json().data.total).toBeGreaterThanOrEqual(6);
    expect(all.json().data.rows).toHaveLength(2);
    const byType = await deskImages(t, operator.token, `&typeId=${llm}`);
    expect(byType.map((image) => image.typeNameEn)).toEqual(byType.map(() => 'LLM inference'));
    expect(byType.map((image) => image.name)).toEqual(
      expect.arrayContaining(['Ollama', 'vLLM (OpenAI-compatible API)']),
    );
    expect((await deskImages(t, operator.token, '&keyword=comfy')).map((image) => image.name)).toEqual(['ComfyUI']);
    const pytorch = (await deskImages(t, operator.token, '&keyword=PyTorch'))[0]!;
    expect(pytorch).toMatchObject({
      bannerOrder: 1,
      hidden: false,
      introductionZh: expect.stringContaining('镜像内容'),
    });
    expect((await deskImages(t, operator.token, '&hidden=true')).every((image) => image.hidden)).toBe(true);
  });

  it('an edit changes what users see; an edit from a stale read gets a 409 naming the version', async () => {
    const image = await addImage('MXNet 1.9');
    const aigc = (await typeNamed(t, operator.token, 'AIGC image')).id;
    const edit = { ...newImage(aigc, 'MXNet 1.9.1'), summaryEn: 'MXNet, patched', version: 1, reason: 'typo' };
    const edited = await call('PUT', `/images/${image.id}`, edit);
    expect(edited.json().data).toMatchObject({ name: 'MXNet 1.9.1', typeNameEn: 'AIGC image', version: 2 });
    expect((await imageDetail(image.id)).json().data).toMatchObject({
      name: 'MXNet 1.9.1',
      summary: 'MXNet, patched',
      type: { id: aigc },
    });
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const stale = await call('PUT', `/images/${image.id}`, { ...edit, name: 'MXNet 2' }, locale);
      expect(stale.json()).toMatchObject({
        code: 409,
        msg: translate(locale, 'catalogueDesk.imageChanged', { id: image.id }),
        data: { field: 'version' },
      });
    }
    const taken = await call('PUT', `/images/${image.id}`, { ...edit, name: 'ComfyUI', version: 2 });
    expect(taken.json()).toMatchObject({ code: 409, data: { field: 'name' } });
    expect((await imageDetail(image.id)).json().data.name).toBe('MXNet 1.9.1');
  });

  it('hidden, an image leaves the catalogue, its detail and renting; the application running from it carries on', async () => {
    const image = await addImage('Whisper large-v3');
    const renter = await createRenter(t, '100');
    const applicationId = await runningApplication(t, renter.token, image.id);
    expect(await statusOf(t, renter.token, applicationId)).toBe('running');

    const hidden = await hide(image.id, true, image.version);
    expect(hidden.json().data).toMatchObject({ hidden: true, version: image.version + 1 });
    const seen = await userCatalogue(t);
    expect(seen.images).not.toContain('Whisper large-v3');
    expect((await imageDetail(image.id)).statusCode).toBe(404);
    const rent = await createApplication(t, renter.token, {
      imageId: image.id,
      gpuModel: 'RTX 4090',
      gpuCount: 1,
      billingMode: 'minute',
    });
    expect(rent.json()).toMatchObject({ code: 404, data: { field: 'imageId' } });
    const config = await t.request({
      method: 'GET',
      url: `/api/equipment/deviceServer/availableGpuConfig?imageId=${image.id}`,
    });
    expect(config.statusCode).toBe(404);
    await t.services.applications.settled();
    expect(await statusOf(t, renter.token, applicationId)).toBe('running');

    const shown = await hide(image.id, false, image.version + 1);
    expect(shown.json().data).toMatchObject({ hidden: false });
    expect((await userCatalogue(t)).images).toContain('Whisper large-v3');
    const actions = (await auditRowsOf(t, operator.userId))
      .filter((row) => row.target === `image:${image.id}`)
      .map((row) => [row.action, row.reason]);
    expect(actions).toEqual([
      ['catalogue.addImage', 'customers asked for JAX'],
      ['catalogue.hideImage', 'licence lapsed'],
      ['catalogue.showImage', 'licence renewed'],
    ]);
  });

  it('the banner shows the images operators place in it, in their order, and never a hidden one', async () => {
    const image = await addImage('Kohya LoRA trainer');
    const placed = await call('POST', `/images/${image.id}/banner`, { bannerOrder: 2, version: 1, reason: 'launch' });
    expect(placed.json().data).toMatchObject({ bannerOrder: 2, version: 2 });
    const pytorch = (await deskImages(t, operator.token, '&keyword=PyTorch'))[0]!;
    const moved = await call('POST', `/images/${pytorch.id}/banner`, {
      bannerOrder: 9,
      version: pytorch.version,
      reason: 'the launch comes first',
    });
    expect(moved.statusCode).toBe(200);
    expect((await userCatalogue(t)).banners).toEqual([
      'Stable Diffusion WebUI',
      'Kohya LoRA trainer',
      'ComfyUI',
      'PyTorch 2.3 + JupyterLab',
    ]);

    await hide(image.id, true, 2);
    expect((await userCatalogue(t)).banners).not.toContain('Kohya LoRA trainer');
    const hiddenBanner = await call('POST', `/images/${image.id}/banner`, { bannerOrder: 1, version: 3, reason: 'x' });
    expect(hiddenBanner.json()).toMatchObject({
      msg: translate('en-US', 'catalogueDesk.bannerHidden', { id: image.id }),
      data: { field: 'id' },
    });
    const out = await call('POST', `/images/${image.id}/banner`, { bannerOrder: null, version: 3, reason: 'over' });
    expect(out.json().data).toMatchObject({ bannerOrder: null, version: 4 });
  });
});

describe('image types', () => {
  it('an operator adds, renames and moves a type; users see its name and place', async () => {
    const added = await call('POST', '/image-types', {
      nameZh: '语音',
      nameEn: 'Speech',
      sort: 0,
      reason: 'speech images are coming',
    });
    expect(added.json().data).toMatchObject({ nameEn: 'Speech', sort: 0, hidden: false, imageCount: 0, version: 1 });
    const type = added.json().data as { id: string };
    expect((await userCatalogue(t, 'zh-CN')).types[0]).toBe('语音');

    const renamed = await call('PUT', `/image-types/${type.id}`, {
      nameZh: '语音与音频',
      nameEn: 'Speech and audio',
      sort: 99,
      version: 1,
      reason: 'broader',
    });
    expect(renamed.json().data).toMatchObject({ nameEn: 'Speech and audio', version: 2 });
    expect((await userCatalogue(t)).types.at(-1)).toBe('Speech and audio');
    const stale = await call('PUT', `/image-types/${type.id}`, {
      nameZh: '音频',
      nameEn: 'Audio',
      sort: 99,
      version: 1,
      reason: 'narrower',
    });
    expect(stale.json()).toMatchObject({ code: 409, data: { field: 'version' } });
    expect((await deskImageTypes(t, operator.token)).find((row) => row.id === type.id)).toMatchObject({
      nameEn: 'Speech and audio',
    });
  });

  it('hiding a type hides it and its images from users; showing it brings both back', async () => {
    const type = (
      await call('POST', '/image-types', { nameZh: '视频', nameEn: 'Video', sort: 50, reason: 'new' })
    ).json().data as { id: string };
    const image = (await call('POST', '/images', newImage(type.id, 'CogVideoX'))).json().data as { id: string };
    expect((await userCatalogue(t)).images).toContain('CogVideoX');

    const hidden = await call('POST', `/image-types/${type.id}/hidden`, {
      hidden: true,
      version: 1,
      reason: 'not yet',
    });
    expect(hidden.json().data).toMatchObject({ hidden: true, imageCount: 1, version: 2 });
    const seen = await userCatalogue(t);
    expect(seen.types).not.toContain('Video');
    expect(seen.images).not.toContain('CogVideoX');
    expect((await imageDetail(image.id)).statusCode).toBe(404);

    await call('POST', `/image-types/${type.id}/hidden`, { hidden: false, version: 2, reason: 'ready' });
    expect((await userCatalogue(t)).images).toContain('CogVideoX');
    const actions = (await auditRowsOf(t, operator.userId))
      .filter((row) => row.target === `image-type:${type.id}`)
      .map((row) => row.action);
    expect(actions).toEqual(['catalogue.addImageType', 'catalogue.hideImageType', 'catalogue.showImageType']);
  });
});

describe('refusals name the field in the caller’s language', () => {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`in ${locale}`, async () => {
      const image = newImage('1', 'Refused');
      expectRefused(
        await call('POST', '/images', { ...image, minGpuMemoryGb: -1 }, locale),
        'minGpuMemoryGb',
        'validation.catalogueDesk.minGpuMemoryGb',
        locale,
      );
      expectRefused(
        await call('POST', '/images', { ...image, name: ' ' }, locale),
        'name',
        'validation.catalogueDesk.imageName',
        locale,
      );
      expectRefused(
        await call('POST', '/images', { ...image, links: [{ name: 'Web', port: 70000, kind: 'webui' }] }, locale),
        'links.0.port',
        'validation.catalogueDesk.linkPort',
        locale,
      );
      expectRefused(
        await call('POST', '/images', { ...image, reason: '' }, locale),
        'reason',
        'validation.operatorReason',
        locale,
      );
      expectRefused(
        await call('PUT', '/images/1', { ...image, version: 0 }, locale),
        'version',
        'validation.catalogueDesk.version',
        locale,
      );
      expectRefused(
        await call('POST', '/images/1/hidden', { hidden: 'yes', version: 1, reason: 'x' }, locale),
        'hidden',
        'validation.catalogueDesk.hidden',
        locale,
      );
      expectRefused(
        await call('POST', '/images/1/banner', { bannerOrder: 0, version: 1, reason: 'x' }, locale),
        'bannerOrder',
        'validation.catalogueDesk.bannerOrder',
        locale,
      );
      expectRefused(
        await call('GET', '/images?hidden=maybe', undefined, locale),
        'hidden',
        'validation.catalogueDesk.hidden',
        locale,
      );
      expectRefused(
        await call('POST', '/image-types', { nameZh: '', nameEn: 'X', sort: 1, reason: 'x' }, locale),
        'nameZh',
        'validation.catalogueDesk.typeName',
        locale,
      );
      expectRefused(
        await call('PUT', '/image-types/1', { nameZh: '甲', nameEn: 'A', sort: -1, version: 1, reason: 'x' }, locale),
        'sort',
        'validation.catalogueDesk.sort',
        locale,
      );
      expectRefused(
        await call('POST', '/image-types/1/hidden', { hidden: true, version: 'one', reason: 'x' }, locale),
        'version',
        'validation.catalogueDesk.version',
        locale,
      );
    });
  }

  it('a missing image or type is a 404 naming the id', async () => {
    const missing = await call('POST', '/images/999999/hidden', { hidden: true, version: 1, reason: 'x' }, 'zh-CN');
    expect(missing.json()).toMatchObject({
      code: 404,
      msg: translate('zh-CN', 'catalogueDesk.imageNotFound', { id: '999999' }),
      data: { field: 'id' },
    });
    const type = await call('PUT', '/image-types/999999', {
      nameZh: '甲',
      nameEn: 'A',
      sort: 1,
      version: 1,
      reason: 'x',
    });
    expect(type.json()).toMatchObject({ code: 404, data: { field: 'id' } });
  });

  it('a user without the review area is refused', async () => {
    const user = await createSignedInUser(t);
    const refused = await deskCall(t, user.token, 'POST', '/images', newImage(llm, 'Sneaky'));
    expect(refused.statusCode).toBe(403);
    expect((await userCatalogue(t)).images).not.toContain('Sneaky');
  });
});
